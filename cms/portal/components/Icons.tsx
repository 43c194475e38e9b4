/** Small decorative icons (aria-hidden); the text beside them carries the meaning. */
const props = {
  'aria-hidden': true,
  viewBox: '0 0 24 24',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 2,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
} as const

export const FlagIcon = () => (
  <svg {...props} className="h-5 w-5">
    <path d="M4 22V4" />
    <path d="M4 4h13l-2 4 2 4H4" />
  </svg>
)
export const HeartIcon = () => (
  <svg {...props} className="h-5 w-5">
    <path d="M20.8 4.6a5.5 5.5 0 0 0-7.8 0L12 5.7l-1-1.1a5.5 5.5 0 0 0-7.8 7.8l1 1.1L12 21l7.8-7.5 1-1.1a5.5 5.5 0 0 0 0-7.8Z" />
  </svg>
)
export const HandshakeIcon = () => (
  <svg {...props} className="h-5 w-5">
    <path d="M12 3 3 8v2h18V8z" />
    <path d="M5 10v8M9.5 10v8M14.5 10v8M19 10v8M3 21h18" />
  </svg>
)
export const MailIcon = () => (
  <svg {...props} className="h-5 w-5">
    <rect x="3" y="5" width="18" height="14" rx="2" />
    <path d="m3 7 9 6 9-6" />
  </svg>
)
export const PlusIcon = () => (
  <svg {...props} className="h-4 w-4">
    <path d="M12 5v14M5 12h14" />
  </svg>
)
export const PencilIcon = () => (
  <svg {...props} className="h-4 w-4">
    <path d="M17 3a2.8 2.8 0 1 1 4 4L7.5 20.5 2 22l1.5-5.5Z" />
  </svg>
)
export const ClockIcon = () => (
  <svg {...props} className="h-4 w-4">
    <circle cx="12" cy="12" r="9" />
    <path d="M12 7v5l3 2" />
  </svg>
)
