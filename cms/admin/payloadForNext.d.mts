export function sharePayloadWithNext(nextDir: string, modules: Record<'payload' | 'payload/shared' | 'payload/internal', object>): void
export function writePayloadForNext(nextDir: string): Promise<void>
