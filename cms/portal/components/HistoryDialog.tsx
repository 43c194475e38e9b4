import { Dialog } from 'radix-ui'
import { useState } from 'react'
import { useSWRConfig } from 'swr'
import { HISTORY_COLLECTIONS, type HistoryCollection } from '#shared/history'
import { History } from '#ui/History.tsx'
import { Button } from './Button'
import { overlayClass, panelClass } from './EntityDialog'
import { ClockIcon } from './Icons'

/**
 * A card's History button: who saved the record, when, what changed, and Restore beside each earlier save (ui/History.tsx,
 * the same list as at the foot of the record's page in Payload). A restore refreshes the tab's list (`listKey`).
 */
export function HistoryDialog({
  collection,
  id,
  name,
  listKey,
}: {
  collection: HistoryCollection
  id: string
  name: string
  listKey: string
}) {
  const [open, setOpen] = useState(false)
  const { mutate } = useSWRConfig()
  const noun = HISTORY_COLLECTIONS[collection]
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger asChild>
        <Button variant="ghost" size="sm" aria-label={`History of ${name}`}>
          <ClockIcon />
          History
        </Button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className={overlayClass} />
        <Dialog.Content className={`${panelClass} max-w-xl`}>
          <div className="border-b border-gray-200 px-6 pb-4 pt-5">
            <Dialog.Title className="text-lg font-semibold text-gray-900">History of {name}</Dialog.Title>
            <Dialog.Description className="mt-1 text-sm text-gray-600">
              Each save of this {noun}, newest first: who, when and what changed. Restore brings an earlier one back.
            </Dialog.Description>
          </div>
          <div className="min-h-0 overflow-y-auto px-6 py-5">
            {open && (
              <History
                collection={collection}
                id={id}
                onRestored={() => void mutate((key) => typeof key === 'string' && key.startsWith(listKey))}
              />
            )}
          </div>
          <div className="flex justify-end border-t border-gray-200 px-6 py-4">
            <Dialog.Close asChild>
              <Button variant="secondary">Close</Button>
            </Dialog.Close>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}
