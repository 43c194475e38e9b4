import type { Reporter, TestModule } from 'vitest/node'

/** Ends the run with one plain line CI tools can read: "Tests: N passed, N failed, N skipped". */
export default class SummaryLineReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>) {
    const counts = { passed: 0, failed: 0, skipped: 0 }
    for (const module of testModules) {
      for (const test of module.children.allTests()) {
        const state = test.result().state
        if (state === 'passed') counts.passed++
        else if (state === 'failed') counts.failed++
        else counts.skipped++
      }
    }
    // A file that failed to load has no tests but must still count as a failure.
    counts.failed += testModules.filter((m) => m.state() === 'failed' && m.children.size === 0).length
    console.log(`\nTests: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`)
  }
}
