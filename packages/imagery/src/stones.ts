/** The catalogue's cut names in the builders' eight families (models/cuts.ts draws each). */
export type Cut = 'round' | 'oval' | 'cushion' | 'pear' | 'marquise' | 'princess' | 'step' | 'cabochon';

export function normaliseCut(cut: string): Cut {
  const c = cut.toLowerCase();
  if (/cabochon|sugarloaf|bead/.test(c)) return 'cabochon';
  if (/emerald|step|asscher|baguette/.test(c)) return 'step';
  if (/princess|radiant|square/.test(c)) return 'princess';
  if (/marquise|navette/.test(c)) return 'marquise';
  if (/pear|drop|tear/.test(c)) return 'pear';
  if (/cushion|old mine/.test(c)) return 'cushion';
  if (/oval/.test(c)) return 'oval';
  return 'round';
}
