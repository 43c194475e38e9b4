import type { Reporter, SerializedError, TestModule, TestRunEndReason } from 'vitest/node'

/**
 * Ends the run with one plain line CI tools can read: "Tests: N passed, N failed, N skipped".
 * "0 failed" only when the run passed: a file that failed outside its tests (did not load, a
 * beforeAll/afterAll threw: its tests then read as skipped or passed) and an unhandled error each
 * count as one failure, and are named on the line before.
 */
export default class SummaryLineReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<SerializedError>, reason: TestRunEndReason) {
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
}
