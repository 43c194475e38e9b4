import type { Reporter, SerializedError, TestModule, TestRunEndReason } from 'vitest/node'

/** How many of the slowest files the time summary names. */
const SLOWEST = 5

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`
const clock = (ms: number) => `${Math.floor(ms / 60_000)}:${String(Math.floor(ms / 1000) % 60).padStart(2, '0')}`

/**
 * Ends the run with the time each project took, then one plain line CI tools can read: "Tests: N passed, N failed,
 * N skipped". The times, so that a project's growth is seen the day it happens (docs/TESTING.md, "Time"): per project,
 * its files' time (each from its start to its end in a worker: files run side by side, so the sum passes the run's
 * wall time) and when its first file started and its last ended, from the run's start; then the slowest files.
 * "0 failed" only when the run passed: a file that failed outside its tests (did not load, a beforeAll/afterAll threw:
 * its tests then read as skipped or passed) and an unhandled error each count as one failure, and are named on the
 * line before.
 */
export default class SummaryLineReporter implements Reporter {
  private runStart = 0
  private readonly started = new Map<string, number>()
  private readonly ended = new Map<string, number>()

  onTestRunStart() {
    this.runStart = performance.now()
  }

  onTestModuleStart(module: TestModule) {
    this.started.set(module.moduleId, performance.now() - this.runStart)
  }

  onTestModuleEnd(module: TestModule) {
    this.ended.set(module.moduleId, performance.now() - this.runStart)
  }

  onTestRunEnd(testModules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<SerializedError>, reason: TestRunEndReason) {
    this.printTimes(testModules)
    const counts = { passed: 0, failed: 0, skipped: 0 }
    for (const module of testModules) {
      for (const test of module.children.allTests()) {
        const state = test.result().state
        if (state === 'passed') counts.passed++
        else if (state === 'failed') counts.failed++
        else counts.skipped++
      }
    }
    const failedOutsideTests = testModules.filter((m) => m.state() === 'failed' && m.children.allTests('failed').next().done)
    const notes = [
      ...failedOutsideTests.map((m) => `file failed outside its tests: ${m.relativeModuleId}`),
      ...unhandledErrors.map((e) => `unhandled error: ${e.message}`),
    ]
    counts.failed += notes.length
    // Vitest can fail a run for a reason no test or file carries (e.g. no test files found).
    if (reason === 'failed' && counts.failed === 0) {
      notes.push('the run failed outside any test file')
      counts.failed = 1
    }
    if (notes.length > 0) console.log(`\n${notes.join('\n')}`)
    console.log(`\nTests: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`)
  }

  private printTimes(testModules: ReadonlyArray<TestModule>) {
    const files = testModules
      .filter((m) => this.started.has(m.moduleId) && this.ended.has(m.moduleId))
      .map((m) => ({ module: m, start: this.started.get(m.moduleId)!, end: this.ended.get(m.moduleId)! }))
    if (files.length === 0) return
    const byProject = new Map<string, typeof files>()
    for (const file of files) byProject.set(file.module.project.name, [...(byProject.get(file.module.project.name) ?? []), file])
    const width = Math.max(...[...byProject.keys()].map((name) => name.length))
    const lines = [...byProject].map(([name, mine]) => {
      const tests = mine.reduce((n, f) => n + [...f.module.children.allTests()].length, 0)
      const fileTime = mine.reduce((n, f) => n + f.end - f.start, 0)
      const first = Math.min(...mine.map((f) => f.start))
      const last = Math.max(...mine.map((f) => f.end))
      return `  ${name.padEnd(width)}  ${String(mine.length).padStart(3)} files  ${String(tests).padStart(4)} tests  ${seconds(fileTime).padStart(8)} of file time  ${clock(first)}–${clock(last)}`
    })
    const slowest = [...files]
      .sort((a, b) => b.end - b.start - (a.end - a.start))
      .slice(0, SLOWEST)
      .map((f) => `  ${seconds(f.end - f.start).padStart(8)}  ${f.module.relativeModuleId}`)
    const wall = Math.max(...files.map((f) => f.end))
    console.log(`\nTime by project (run ${clock(wall)}; files run side by side, so file time passes the run's):\n${lines.join('\n')}`)
    console.log(`Slowest files:\n${slowest.join('\n')}`)
  }
}
