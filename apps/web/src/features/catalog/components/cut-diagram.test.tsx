import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { NEW_CUT } from '../new-cut';
import { CutDiagram } from './cut-diagram';

/** The numbers of an SVG path's absolute commands, as [x, y] pairs. */
function pathPoints(d: string): [number, number][] {
  const numbers = (d.match(/-?\d+(?:\.\d+)?/g) ?? []).map(Number);
  return Array.from({ length: numbers.length / 2 }, (_, i) => [numbers[2 * i]!, numbers[2 * i + 1]!]);
}

describe('CutDiagram', () => {
  it('draws the cut face up, in profile and face down, each named for a screen reader', () => {
    render(<CutDiagram spec={NEW_CUT.spec} name="The Mirror Oval" />);
    const drawings = screen.getAllByRole('img');
    expect(drawings.map((d) => d.getAttribute('aria-label'))).toEqual([
      'The Mirror Oval, face up: the table, 8 star, 8 bezel and 16 upper girdle facets',
      'The Mirror Oval in profile across the width, with its proportions',
      'The Mirror Oval, face down: 8 pavilion main and 16 lower girdle facets',
    ]);
    const [crown, , pavilion] = drawings;
    expect(crown!.querySelectorAll('[data-facet]')).toHaveLength(33);
    expect(pavilion!.querySelectorAll('[data-facet]')).toHaveLength(24);
  });

  it('prints on the profile the figures it writes out, and draws the table as wide as it says', () => {
    const { container } = render(<CutDiagram spec={NEW_CUT.spec} name="The Mirror Oval" />);
    const figures = Object.fromEntries(
      within(container.querySelector('dl')!)
        .getAllByRole('term')
        .map((term) => [term.textContent, term.nextElementSibling?.textContent]),
    );
    expect(figures).toMatchObject({
      Outline: 'Oval, 1.40 : 1',
      Table: '57%',
      'Crown angle': '34.5°',
      'Crown height': '14.8%',
      'Pavilion angle': '40.8°',
      'Pavilion depth': '43.2%',
      'Total depth': '60.9%',
      Facets: '57: 33 on the crown, 24 on the pavilion',
    });
    const printed = (name: string) => container.querySelector(`[data-figure="${name}"]`)?.textContent;
    expect([
      printed('table'),
      printed('crown-angle'),
      printed('crown-height'),
      printed('pavilion-angle'),
      printed('pavilion-depth'),
      printed('total-depth'),
    ]).toEqual([
      figures.Table,
      figures['Crown angle'],
      figures['Crown height'],
      figures['Pavilion angle'],
      figures['Pavilion depth'],
      figures['Total depth'],
    ]);
    // Face up, the width is 100 drawing units (the girdle's ellipse) and the table spans 57 of them.
    const crown = screen.getAllByRole('img')[0]!;
    expect(Number(crown.querySelector('ellipse')!.getAttribute('ry')) * 2).toBe(100);
    const across = pathPoints(crown.querySelector('[data-facet="table"]')!.getAttribute('d')!).map(([, y]) => y);
    expect(Math.max(...across) - Math.min(...across)).toBeCloseTo(57, 1);
  });
});
