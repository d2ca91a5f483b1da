import * as contract from '@mirror/contract';
import { describe, expect, it } from 'vitest';
import * as vocabulary from './vocabulary';

describe('vocabulary', () => {
  it('matches the contract value for value', () => {
    expect(vocabulary.METAL_TYPES).toEqual(contract.METAL_TYPES);
    expect(vocabulary.AVAILABILITIES).toEqual(contract.AVAILABILITIES);
    expect(vocabulary.LOCATION_TYPES).toEqual(contract.LOCATION_TYPES);
    expect(vocabulary.LOCATION_SERVICES).toEqual(contract.LOCATION_SERVICES);
    expect(vocabulary.WEEKDAYS).toEqual(contract.WEEKDAYS);
  });
});
