export function sharePayloadWithNext(modules: Record<'payload' | 'payload/shared' | 'payload/internal', object>): void
export function writePayloadForNext(nextDir: string): Promise<void>
