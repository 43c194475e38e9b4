import type { ReactNode } from 'react'

/** The hero of a page of its own (the membership's, the volunteers'): its name, a line under it, and the way home (a plain link). */
export function PageHero({ eyebrow, title, children }: { eyebrow: string; title: string; children?: ReactNode }) {
  return (
    <header className="hero">
      <div className="wrap pt-6 pb-16">
        <a href="/" className="btn min-h-11 bg-white/10 py-2 text-sm ring-1 ring-white/25 hover:bg-white/20">
          <span aria-hidden="true">←</span> Back to Home
        </a>
        <div className="page-hero mt-10">
          <p className="eyebrow-light">{eyebrow}</p>
          <h1>{title}</h1>
          {children}
        </div>
      </div>
    </header>
  )
}
