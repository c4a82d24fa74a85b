import qrcode from 'qrcode-generator';
import { useMemo } from 'react';

/** The blank border a QR code needs around it to be read (ISO/IEC 18004: four modules). */
const QUIET_ZONE = 4;

/**
 * A QR code drawn in the page, never fetched from a service: it carries the authenticator
 * app's secret. One SVG path of the dark modules, dark on white whatever the theme, since
 * phone cameras read that best. This module (and its library) loads only with the setup.
 */
export function QrCode({ text, label }: { text: string; label: string }) {
  const { size, path } = useMemo(() => {
    const code = qrcode(0, 'M');
    code.addData(text);
    code.make();
    const count = code.getModuleCount();
    let darkModules = '';
    for (let row = 0; row < count; row += 1) {
      for (let column = 0; column < count; column += 1) {
        if (code.isDark(row, column)) darkModules += `M${column} ${row}h1v1h-1z`;
      }
    }
    return { size: count + 2 * QUIET_ZONE, path: darkModules };
  }, [text]);
  return (
    <svg
      role="img"
      aria-label={label}
      viewBox={`${-QUIET_ZONE} ${-QUIET_ZONE} ${size} ${size}`}
      shapeRendering="crispEdges"
      className="size-48 rounded-lg bg-white"
      data-testid="totp-qr-code"
    >
      <path d={path} fill="#000" />
    </svg>
  );
}
