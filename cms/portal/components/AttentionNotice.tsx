/** An amber status box on the Overview: what needs an admin's attention, one line each (email, backups). */
export function AttentionNotice({ title, notes, testId }: { title: string; notes: string[]; testId: string }) {
  return (
    <div role="status" className="mb-6 rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950" data-testid={testId}>
      <p className="font-semibold">{title}</p>
      <ul className="mt-1 list-disc pl-5">
        {notes.map((note) => (
          <li key={note}>{note}</li>
        ))}
      </ul>
    </div>
  )
}
