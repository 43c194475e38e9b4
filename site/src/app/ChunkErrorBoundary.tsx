import { Component, type ReactNode } from 'react'

/**
 * A route's code is fetched when the route opens. If that fails (a dropped
 * connection at the gym, or a new deployment replaced the files), say so and
 * offer a reload instead of leaving a blank page.
 */
export class ChunkErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  state = { failed: false }

  static getDerivedStateFromError() {
    return { failed: true }
  }

  render() {
    if (!this.state.failed) return this.props.children
    return (
      <main className="mx-auto flex min-h-screen max-w-md flex-col items-center justify-center gap-4 p-6 text-center">
        <h1 className="text-2xl font-bold text-gray-900">This page could not load</h1>
        <p className="text-gray-700">Please check your connection and try again.</p>
        <button
          type="button"
          onClick={() => window.location.reload()}
          className="rounded-md bg-brand-800 px-5 py-2.5 font-semibold text-white hover:bg-brand-900"
        >
          Reload the page
        </button>
      </main>
    )
  }
}
