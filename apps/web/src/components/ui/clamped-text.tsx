import { useLayoutEffect, useRef, useState } from 'react';
import { cn } from '@/lib/cn';

interface ClampedTextProps {
  /** The whole text; the screen shows one line of it, screen readers all of it. */
  text: string;
  /** Bounds the line, e.g. `max-w-48`; a table cell or a card's flex child needs one to clip. */
  className?: string;
  testId?: string;
  /**
   * The text labels a link or button, which is focusable itself: only the hover title reveals
   * the rest (a focusable span inside a link would nest one control in another).
   */
  inControl?: boolean;
}

/**
 * Long unbroken text (an invite note, an audit value, a username, a node name) cut to one
 * line with an ellipsis, so it never pushes a column off its table or out of its card. The
 * whole text is a hover away (the title), and a focus or a tap away: the line then wraps in
 * place, which no scrolling container can clip, as it would a floating tooltip.
 */
export function ClampedText({
  text,
  className,
  testId = 'clamped-text',
  inControl = false,
}: ClampedTextProps) {
  const ref = useRef<HTMLSpanElement>(null);
  const [clamped, setClamped] = useState(false);
  const [open, setOpen] = useState(false);

  // Whether the line is cut is only known once laid out, and changes with the width.
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element || open) return;
    const measure = () => setClamped(element.scrollWidth > element.clientWidth);
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [text, open]);

  const revealable = !inControl && (clamped || open);
  return (
    <span
      ref={ref}
      data-testid={testId}
      data-clamped={clamped || undefined}
      data-open={open || undefined}
      title={clamped ? text : undefined}
      // Reachable by Tab only when something is hidden; a tap focuses it as well.
      tabIndex={revealable ? 0 : undefined}
      onFocus={() => revealable && setOpen(true)}
      onBlur={() => setOpen(false)}
      onKeyDown={(event) => event.key === 'Escape' && setOpen(false)}
      onClick={(event) => {
        if (!revealable) return;
        // The tap reveals the text; it does not also open the row it sits in.
        event.stopPropagation();
        setOpen(true);
      }}
      className={cn(
        'inline-block max-w-60 min-w-0 rounded-sm align-bottom',
        open ? 'whitespace-normal [overflow-wrap:anywhere]' : 'truncate',
        revealable && 'cursor-help',
        className,
      )}
    >
      {text}
    </span>
  );
}
