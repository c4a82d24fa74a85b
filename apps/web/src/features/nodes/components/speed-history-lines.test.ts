import { describe, expect, it } from 'vitest';
import { speedHistoryLines } from './speed-history-lines';

const nodes = [
  { id: 'n1', name: 'Laptop' },
  { id: 'n2', name: 'Desk' },
];
const test = (
  created_at: string,
  node_id: string | null,
  download_mbps = 90,
  upload_mbps = 40,
) => ({
  created_at,
  node_id,
  download_mbps,
  upload_mbps,
});

describe('speedHistoryLines', () => {
  it('draws one download and one upload line per node, named by the node', () => {
    const { lines } = speedHistoryLines(
      {
        points: [
          test('2026-11-25T10:00:00Z', 'n2'),
          test('2026-11-25T11:00:00Z', 'n1'),
          test('2026-11-25T12:00:00Z', 'n2'),
        ],
      },
      nodes,
    );
    expect(lines.map((line) => line.label)).toEqual([
      'Laptop · Download',
      'Laptop · Upload',
      'Desk · Download',
      'Desk · Upload',
    ]);
    expect(lines.map((line) => line.nodeIndex)).toEqual([0, 0, 1, 1]);
    expect(lines[2]?.points).toHaveLength(2);
  });

  it('puts each test at its time, so the axis is proportional to time', () => {
    const { lines, range } = speedHistoryLines(
      {
        points: [
          test('2026-11-25T10:00:00Z', 'n1', 10),
          test('2026-11-25T10:10:00Z', 'n1', 20),
          test('2026-11-26T10:00:00Z', 'n1', 30),
        ],
      },
      nodes,
    );
    const [a, b, c] = lines[0]!.points;
    // Ten minutes apart, then a day: the second gap is 144 times the first.
    expect((c!.x - b!.x) / (b!.x - a!.x)).toBeCloseTo(143, 0);
    expect(range).toEqual({ min: a!.x, max: c!.x });
  });

  it('a lone test sits inside the axis, with its values, not on an edge', () => {
    const { lines, range } = speedHistoryLines(
      { points: [test('2026-11-25T10:00:00Z', 'n1', 93.4, 41.2)] },
      nodes,
    );
    const point = lines[0]!.points[0]!;
    expect(point.y).toBe(93.4);
    expect(lines[1]!.points[0]!.y).toBe(41.2);
    expect(range.min).toBeLessThan(point.x);
    expect(range.max).toBeGreaterThan(point.x);
  });

  it('lists tests of removed nodes under one name, after the live nodes', () => {
    const { lines } = speedHistoryLines(
      { points: [test('2026-11-25T10:00:00Z', 'gone'), test('2026-11-25T11:00:00Z', null)] },
      nodes,
    );
    expect(lines.map((line) => line.label)).toEqual([
      'Removed node · Download',
      'Removed node · Upload',
    ]);
    expect(lines[0]!.points).toHaveLength(2);
  });
});
