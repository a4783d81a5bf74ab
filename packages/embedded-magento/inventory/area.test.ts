import { describe, expect, it } from 'vitest';
import { GB_OUTWARD_CODES } from '../seed/data/gb-outward-codes.ts';
import { DEMO_PICKUP_LOCATIONS } from '../seed/pickup-locations.ts';
import { byDistance, databaseSort, distanceKm, searchTermAddress } from './area.ts';

describe('a search term read as an address (Area\\Pipeline)', () => {
  it('takes a full UK postcode as the postcode, and anything else as a town', () => {
    expect(searchTermAddress('WF2 7AA:GB')).toEqual({
      country: 'GB',
      postcode: 'WF2 7AA',
      city: '',
      region: '',
    });
    expect(searchTermAddress(' wf27aa : GB ')).toMatchObject({ country: 'GB', postcode: 'wf27aa' });
    expect(searchTermAddress('LS1:GB')).toMatchObject({ postcode: '', city: 'LS1' });
    expect(searchTermAddress('Leeds')).toEqual({ country: 'GB', postcode: '', city: 'Leeds', region: '' });
    expect(searchTermAddress('Paris:FR')).toMatchObject({ country: 'FR', postcode: '', city: 'Paris' });
  });
});

describe('distances', () => {
  it('puts each demo point within a few km of the position the table gives its outward code', () => {
    for (const location of DEMO_PICKUP_LOCATIONS) {
      const outward = location.postcode.split(' ')[0];
      const row = GB_OUTWARD_CODES.find(([code]) => code === outward);
      expect(row, location.postcode).toBeDefined();
      const [, latitude = 0, longitude = 0] = row ?? [];
      expect(distanceKm({ latitude, longitude }, location)).toBeLessThan(5);
    }
  });

  it('orders a page nearest first unless a sort says otherwise (DistanceBased)', () => {
    const rows = [{ source_code: 'far' }, { source_code: 'near' }];
    const distances = new Map([
      ['far', 12.8],
      ['near', 0.6],
    ]);
    const codes = (sorted: { source_code: string }[]) => sorted.map((row) => row.source_code);
    expect(codes(byDistance(rows, distances, undefined))).toEqual(['near', 'far']);
    expect(codes(byDistance(rows, distances, [{ field: 'distance', direction: 'DESC' }]))).toEqual([
      'far',
      'near',
    ]);
    expect(codes(byDistance(rows, distances, [{ field: 'name', direction: 'ASC' }]))).toEqual([
      'far',
      'near',
    ]);
  });

  it('drops every sort order when the distance is one of them with an area (ResolveMeta)', () => {
    const sort = [
      { field: 'name', direction: 'ASC' },
      { field: 'distance', direction: 'ASC' },
    ];
    expect(databaseSort(sort, true)).toEqual([]);
    expect(databaseSort(sort, false)).toEqual([{ field: 'name', direction: 'ASC' }]);
  });
});
