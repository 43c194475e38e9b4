import { z } from 'zod'

/**
 * Zod configured once for server and browser so every validation message uses
 * the product's generic wording (schemas.unit.test.ts): "Required", "Invalid email",
 * "String must contain at least N character(s)", ...
 */
z.config({
  customError: (issue) => {
    switch (issue.code) {
      case 'invalid_type':
        if (issue.input === undefined || issue.input === null) return 'Required'
        return `Expected ${issue.expected === 'int' ? 'integer' : issue.expected}, received ${kindOf(issue.input)}`
      case 'invalid_format':
        if (issue.format === 'email') return 'Invalid email'
        if (issue.format === 'regex' && 'pattern' in issue) return undefined
        return `Invalid ${issue.format}`
      case 'too_small':
        if (issue.origin === 'string') return `String must contain at least ${issue.minimum} character(s)`
        if (issue.origin === 'array') return `Array must contain at least ${issue.minimum} element(s)`
        return `Number must be greater than or equal to ${issue.minimum}`
      case 'too_big':
        if (issue.origin === 'string') return `String must contain at most ${issue.maximum} character(s)`
        if (issue.origin === 'array') return `Array must contain at most ${issue.maximum} element(s)`
        return `Number must be less than or equal to ${issue.maximum}`
      case 'invalid_union':
        return issue.input === undefined ? 'Required' : 'Invalid input'
      case 'invalid_value':
        return `Invalid enum value. Expected ${issue.values.map((v) => `'${String(v)}'`).join(' | ')}`
      default:
        return undefined
    }
  },
})

function kindOf(input: unknown): string {
  if (Array.isArray(input)) return 'array'
  if (Number.isNaN(input)) return 'text'
  if (typeof input === 'number' && !Number.isInteger(input)) return 'number'
  return typeof input
}

export { z }
