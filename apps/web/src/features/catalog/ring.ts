/** A ring's category ("Rings", "Engagement rings"; never earrings): what offers 'Try on'. */
export function isRingCategory(name: string | undefined): boolean {
  return /ring/i.test(name ?? '') && !/earring/i.test(name ?? '');
}
