import { useState } from 'react';

const AVATAR_SIZE = 44;

function DefaultAvatar() {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 44 44"
      width={AVATAR_SIZE}
      height={AVATAR_SIZE}
      className="shrink-0 rounded-full"
      data-testid="default-avatar"
    >
      <rect width="44" height="44" rx="22" className="fill-surface-raised" />
      <circle cx="22" cy="17" r="7" className="fill-ink-muted" />
      <path d="M8 37.5a14 14 0 0 1 28 0 22 22 0 0 1-28 0Z" className="fill-ink-muted" />
    </svg>
  );
}

/**
 * The 44 px profile picture (spec section 2); the default avatar stands in when
 * the user has none or it fails to load. Decorative: the control around it names the user.
 */
export function Avatar({ src }: { src: string | null | undefined }) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  if (!src || src === failedSrc) return <DefaultAvatar />;
  return (
    <img
      src={src}
      alt=""
      width={AVATAR_SIZE}
      height={AVATAR_SIZE}
      onError={() => setFailedSrc(src)}
      className="size-11 shrink-0 rounded-full object-cover"
    />
  );
}
