/**
 * The popup's live gauge: the web page's speed gauge drawn with the DOM (the popup
 * has no React), from the same shared drawing and reading (packages/shared
 * measurements.ts), so both show a running test alike.
 */
import { GAUGE_ARC, gaugeReading, type GaugeDirection } from '@netpulse/shared';
import { formatGaugeFigure, formatSpeed } from './format.ts';
import { t } from './i18n.ts';
import { POPUP_MESSAGES } from './messages.ts';

const GAUGE_LABELS = {
  download: POPUP_MESSAGES.gaugeDownload,
  upload: POPUP_MESSAGES.gaugeUpload,
} as const;

const SVG = 'http://www.w3.org/2000/svg';

function svgElement(name: string, attributes: Record<string, string>): SVGElement {
  const element = document.createElementNS(SVG, name);
  for (const [key, value] of Object.entries(attributes)) element.setAttribute(key, value);
  return element;
}

export interface SpeedGaugeView {
  root: HTMLElement;
  show(direction: GaugeDirection, mbps: number): void;
}

/** Builds the gauge inside `root` (a meter for assistive technology, its value in Mbit/s). */
export function createSpeedGauge(root: HTMLElement): SpeedGaugeView {
  const arc = {
    d: GAUGE_ARC.path,
    fill: 'none',
    'stroke-width': String(GAUGE_ARC.strokeWidth),
    'stroke-linecap': 'round',
  };
  const track = svgElement('path', { ...arc, class: 'gauge-track' });
  const filled = svgElement('path', { ...arc, class: 'gauge-fill' });
  const figure = svgElement('text', {
    x: '50',
    y: '52',
    'text-anchor': 'middle',
    class: 'gauge-figure',
  });
  const unit = svgElement('text', {
    x: '50',
    y: '66',
    'text-anchor': 'middle',
    class: 'gauge-unit',
  });
  unit.textContent = 'Mbit/s';
  const drawing = svgElement('svg', { viewBox: GAUGE_ARC.viewBox, 'aria-hidden': 'true' });
  drawing.append(track, filled, figure, unit);
  const label = document.createElement('p');
  label.className = 'gauge-label';
  root.setAttribute('role', 'meter');
  root.setAttribute('aria-valuemin', '0');
  root.replaceChildren(drawing, label);

  return {
    root,
    show(direction, mbps) {
      const reading = gaugeReading(mbps);
      const directionLabel = t(GAUGE_LABELS[direction]);
      root.setAttribute('aria-label', directionLabel);
      root.setAttribute('aria-valuemax', String(reading.scale));
      root.setAttribute('aria-valuenow', String(reading.value));
      root.setAttribute('aria-valuetext', formatSpeed(mbps));
      filled.setAttribute('stroke-dasharray', `${reading.filledLength} ${GAUGE_ARC.length}`);
      figure.textContent = formatGaugeFigure(mbps);
      label.textContent = directionLabel;
    },
  };
}
