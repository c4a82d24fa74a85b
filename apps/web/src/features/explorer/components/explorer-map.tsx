import { useEffect, useMemo, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { StrokeIcon } from '@/components/ui/icons';
import { useHydrated } from '@/hooks/use-hydrated';
import { CloseIcon } from '@/components/ui/signed-in-icons';
import { cn } from '@/lib/cn';
import { formatCount } from '@/lib/format-number';
import { useIntl } from '@/lib/i18n/use-intl';
import { quartilesOf } from '@/features/explorer/api/explorer-figures';
import { unwrapRing, type ExplorerCell } from '@netpulse/shared';
import { countryShapes } from '@/features/explorer/map/country-shapes';
import {
  panBy,
  WHOLE_WORLD,
  zoomAt,
  zoomAtCentre,
  type MapView,
} from '@/features/explorer/map/map-view';
import { colourOf, type ExplorerMetric } from '@/features/explorer/map/metric-scale';
import { MAP_HEIGHT, MAP_WIDTH, ringPath } from '@/features/explorer/map/natural-earth-projection';
import { formatMetric, metricLabel } from './metric-texts';

/** How far one press of an arrow key moves the map, in frame units. */
const KEY_PAN = 60;
/** One press of + or − (or a button) doubles or halves the zoom. */
const KEY_ZOOM = 2;
/** A pointer that moved less than this (frame units) clicked; more, it dragged the map. */
const DRAG_THRESHOLD = 4;

interface CardState {
  cell: ExplorerCell;
  /** The drawing the cell belongs to: a new period or resolution leaves the card behind. */
  drawing: readonly ExplorerCell[];
  /** Where the card points, in percent of the frame (it scales with the frame). */
  left: number;
  top: number;
}

/** A pointer's position in frame units (the SVG's viewBox), wherever the frame is drawn. */
function framePoint(svg: SVGSVGElement, clientX: number, clientY: number): [number, number] {
  const box = svg.getBoundingClientRect();
  return [
    ((clientX - box.left) * MAP_WIDTH) / box.width,
    ((clientY - box.top) * MAP_HEIGHT) / box.height,
  ];
}

/** The card of a cell: its median with the middle half, its tests and nodes. */
function CellCard({
  card,
  metric,
  onClose,
}: {
  card: CardState;
  metric: ExplorerMetric;
  onClose: () => void;
}) {
  const intl = useIntl();
  const figures = quartilesOf(card.cell, metric);
  return (
    <div
      role="dialog"
      aria-label={intl.formatMessage({ id: 'explorer.cellCard', defaultMessage: 'This area' })}
      data-testid="explorer-cell-card"
      className="absolute z-10 w-56 -translate-x-1/2 rounded-xl border border-line bg-surface-raised p-3 text-sm shadow-lg"
      style={{ left: `${card.left}%`, top: `${card.top}%` }}
    >
      <div className="flex items-start justify-between gap-2">
        <p className="font-semibold text-ink">{metricLabel(intl, metric)}</p>
        <button
          type="button"
          onClick={onClose}
          className="-me-1 -mt-1 rounded p-1 text-ink-muted hover:text-ink"
          aria-label={intl.formatMessage({ id: 'explorer.closeCard', defaultMessage: 'Close' })}
        >
          <CloseIcon className="size-4" />
        </button>
      </div>
      {figures ? (
        <>
          <p className="mt-1 text-lg font-semibold text-ink tabular-nums">
            {intl.formatMessage(
              { id: 'explorer.median', defaultMessage: 'Median {value}' },
              { value: formatMetric(metric, figures.median) },
            )}
          </p>
          <p className="text-ink-muted tabular-nums">
            {intl.formatMessage(
              { id: 'explorer.middleHalf', defaultMessage: 'Middle half: {low} to {high}' },
              {
                low: formatMetric(metric, figures.p25),
                high: formatMetric(metric, figures.p75),
              },
            )}
          </p>
        </>
      ) : (
        <p className="mt-1 text-ink-muted">
          {intl.formatMessage({ id: 'explorer.notMeasured', defaultMessage: 'Not measured' })}
        </p>
      )}
      <p className="mt-2 text-ink-muted tabular-nums">
        {intl.formatMessage(
          { id: 'explorer.testsAndNodes', defaultMessage: 'Tests: {tests} · Nodes: {nodes}' },
          { tests: formatCount(card.cell.tests), nodes: formatCount(card.cell.nodes) },
        )}
      </p>
    </div>
  );
}

interface ExplorerMapProps {
  cells: readonly ExplorerCell[];
  metric: ExplorerMetric;
  view: MapView;
  /** Takes the change as a function of the view it applies to, as a state setter does. */
  onViewChange: (change: (view: MapView) => MapView) => void;
}

/**
 * The world map: countries drawn from the bundled boundaries, the published cells over them
 * coloured by the metric. Zoom with the wheel, a pinch, the buttons or + and −; pan by
 * dragging or with the arrow keys; a click or a tap on a cell opens its card. The country
 * table below says the same in text, for a screen reader or the keyboard.
 */
export function ExplorerMap({ cells, metric, view, onViewChange }: ExplorerMapProps) {
  const intl = useIntl();
  const svgRef = useRef<SVGSVGElement>(null);
  const [card, setCard] = useState<CardState | null>(null);
  const pointers = useRef(new Map<number, [number, number]>());
  const dragged = useRef(0);

  // The prerendered page leaves the countries out (some 130 KB of outlines the script
  // carries anyway): the first paint is the page's text, and the world joins the frame
  // once it runs.
  const hydrated = useHydrated();
  const countries = useMemo(() => (hydrated ? countryShapes() : []), [hydrated]);
  const hexagons = useMemo(
    () =>
      cells.map((cell) => {
        const figures = quartilesOf(cell, metric);
        return {
          cell,
          path: ringPath(unwrapRing(cell.boundary)),
          colour: figures ? colourOf(metric, figures.median) : 'transparent',
        };
      }),
    [cells, metric],
  );

  // React's wheel listener is passive, so it cannot keep the page from scrolling.
  useEffect(() => {
    const svg = svgRef.current;
    if (!svg) return;
    const onWheel = (event: WheelEvent) => {
      event.preventDefault();
      const factor = Math.exp(-event.deltaY * 0.002);
      const at = framePoint(svg, event.clientX, event.clientY);
      onViewChange((current) => zoomAt(current, factor, at));
    };
    svg.addEventListener('wheel', onWheel, { passive: false });
    return () => svg.removeEventListener('wheel', onWheel);
  }, [onViewChange]);

  const onPointerDown = (event: PointerEvent<SVGSVGElement>) => {
    const svg = svgRef.current;
    if (!svg) return;
    // Not captured yet: a press that does not move is a click on the cell under it, and a
    // captured pointer's click would go to the map instead.
    pointers.current.set(event.pointerId, framePoint(svg, event.clientX, event.clientY));
    if (pointers.current.size === 1) dragged.current = 0;
  };

  const onPointerMove = (event: PointerEvent<SVGSVGElement>) => {
    const svg = svgRef.current;
    const last = pointers.current.get(event.pointerId);
    if (!svg || !last) return;
    const now = framePoint(svg, event.clientX, event.clientY);
    if (!svg.hasPointerCapture(event.pointerId) && dragged.current > DRAG_THRESHOLD) {
      // A drag from here on: the map keeps the pointer even when it leaves the frame.
      svg.setPointerCapture(event.pointerId);
    }
    if (pointers.current.size === 1) {
      dragged.current += Math.hypot(now[0] - last[0], now[1] - last[1]);
      onViewChange((current) => panBy(current, now[0] - last[0], now[1] - last[1]));
    } else if (pointers.current.size === 2) {
      // A pinch: the zoom follows the distance between the two fingers, about their middle.
      const other = [...pointers.current].find(([id]) => id !== event.pointerId)?.[1];
      if (other) {
        const before = Math.hypot(last[0] - other[0], last[1] - other[1]);
        const after = Math.hypot(now[0] - other[0], now[1] - other[1]);
        const middle: [number, number] = [(now[0] + other[0]) / 2, (now[1] + other[1]) / 2];
        if (before > 0) onViewChange((current) => zoomAt(current, after / before, middle));
        dragged.current = Infinity;
      }
    }
    pointers.current.set(event.pointerId, now);
  };

  const onPointerEnd = (event: PointerEvent<SVGSVGElement>) => {
    pointers.current.delete(event.pointerId);
  };

  const openCard = (cell: ExplorerCell, event: { clientX: number; clientY: number }) => {
    const svg = svgRef.current;
    if (!svg || dragged.current > DRAG_THRESHOLD) return;
    const [x, y] = framePoint(svg, event.clientX, event.clientY);
    setCard({
      cell,
      drawing: cells,
      left: Math.min(85, Math.max(15, (x / MAP_WIDTH) * 100)),
      top: Math.min(60, (y / MAP_HEIGHT) * 100 + 2),
    });
  };

  const onKeyDown = (event: KeyboardEvent<SVGSVGElement>) => {
    const moves: Record<string, (current: MapView) => MapView> = {
      ArrowLeft: (current) => panBy(current, KEY_PAN, 0),
      ArrowRight: (current) => panBy(current, -KEY_PAN, 0),
      ArrowUp: (current) => panBy(current, 0, KEY_PAN),
      ArrowDown: (current) => panBy(current, 0, -KEY_PAN),
      '+': (current) => zoomAtCentre(current, KEY_ZOOM),
      '=': (current) => zoomAtCentre(current, KEY_ZOOM),
      '-': (current) => zoomAtCentre(current, 1 / KEY_ZOOM),
      '0': () => WHOLE_WORLD,
      Escape: (current) => current,
    };
    const move = moves[event.key];
    if (!move) return;
    event.preventDefault();
    if (event.key === 'Escape') setCard(null);
    onViewChange(move);
  };

  /** The map's buttons: the same changes as + and − and 0 on the keyboard. */
  const mapButtons: { label: string; icon: string; change: (view: MapView) => MapView }[] = [
    {
      label: intl.formatMessage({ id: 'explorer.zoomIn', defaultMessage: 'Zoom in' }),
      icon: 'M12 5v14M5 12h14',
      change: (current) => zoomAtCentre(current, KEY_ZOOM),
    },
    {
      label: intl.formatMessage({ id: 'explorer.zoomOut', defaultMessage: 'Zoom out' }),
      icon: 'M5 12h14',
      change: (current) => zoomAtCentre(current, 1 / KEY_ZOOM),
    },
    {
      label: intl.formatMessage({
        id: 'explorer.wholeWorld',
        defaultMessage: 'Show the whole world',
      }),
      icon: 'M4 9V4h5M20 9V4h-5M4 15v5h5M20 15v5h-5',
      change: () => WHOLE_WORLD,
    },
  ];
  const zoomButton =
    'flex size-11 items-center justify-center rounded-lg border border-line bg-surface-raised text-lg font-semibold text-ink hover:border-ink-muted';

  return (
    <div className="relative overflow-hidden rounded-xl border border-line bg-canvas">
      <svg
        ref={svgRef}
        viewBox={`0 0 ${MAP_WIDTH} ${MAP_HEIGHT}`}
        role="img"
        tabIndex={0}
        aria-label={intl.formatMessage({
          id: 'explorer.mapLabel',
          defaultMessage:
            'World map of the measured speeds. Arrow keys pan, plus and minus zoom, 0 shows the whole world. The table below lists the same figures by country.',
        })}
        data-testid="explorer-map"
        data-scale={view.scale.toFixed(2)}
        className="block h-auto w-full touch-none select-none focus-visible:outline-2 focus-visible:outline-accent"
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerEnd}
        onPointerCancel={onPointerEnd}
        onPointerLeave={onPointerEnd}
        onKeyDown={onKeyDown}
      >
        <g transform={`translate(${view.x} ${view.y}) scale(${view.scale})`}>
          <g
            fill="var(--color-surface-raised)"
            stroke="var(--color-line)"
            strokeWidth={0.6}
            fillRule="evenodd"
          >
            {countries.map((country) => (
              <path key={country.id} d={country.path} vectorEffect="non-scaling-stroke" />
            ))}
          </g>
          {/* Each cell's outline in its own colour, two pixels wide at any zoom: a cell smaller
              than a pixel on the whole world still shows as a dot, and takes a tap. */}
          <g strokeWidth={2} strokeLinejoin="round">
            {hexagons.map(({ cell, path, colour }) => (
              <path
                key={cell.cell}
                d={path}
                fill={colour}
                stroke={colour}
                fillOpacity={0.85}
                vectorEffect="non-scaling-stroke"
                data-testid="explorer-cell"
                data-cell={cell.cell}
                className={cn(
                  'cursor-pointer hover:stroke-ink',
                  card?.cell === cell && 'stroke-ink',
                )}
                onClick={(event) => openCard(cell, event)}
              />
            ))}
          </g>
        </g>
      </svg>
      <div className="absolute end-2 top-2 flex flex-col gap-1.5">
        {mapButtons.map(({ label, icon, change }) => (
          <button
            key={icon}
            type="button"
            className={zoomButton}
            onClick={() => onViewChange(change)}
            aria-label={label}
          >
            <StrokeIcon className="size-5">
              <path d={icon} />
            </StrokeIcon>
          </button>
        ))}
      </div>
      {card?.drawing === cells && (
        <CellCard card={card} metric={metric} onClose={() => setCard(null)} />
      )}
    </div>
  );
}
