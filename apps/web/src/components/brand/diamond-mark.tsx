/** A brilliant cut drawn in hairlines: the hero's only ornament, a few hundred bytes. */
export function DiamondMark({ className }: { className?: string }) {
  return (
    <svg className={className} viewBox="0 0 240 200" aria-hidden="true" focusable="false">
      <g fill="none" stroke="currentColor" strokeWidth="0.6" strokeLinejoin="round">
        <path d="M60 40h120l44 44-104 104L16 84Z" />
        <path d="M16 84h208" />
        <path d="M60 40l20 44 40-44 40 44 20-44" />
        <path d="M80 84l40 104 40-104" />
        <path d="M16 84l104 104M224 84 120 188" opacity="0.5" />
        <path d="M60 40 42 84M180 40l18 44" opacity="0.6" />
      </g>
      <g stroke="currentColor" strokeWidth="0.6">
        <path d="M196 22v14M189 29h14" opacity="0.8" />
      </g>
    </svg>
  );
}
