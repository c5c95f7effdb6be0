import * as Accordion from '@radix-ui/react-accordion';
import * as Dialog from '@radix-ui/react-dialog';
import { ChevronDown, X } from 'lucide-react';
import { toggle, type ShopState } from '~/lib/shop-url';
import {
  CheckList,
  selectedLabel,
  WithCounts,
  type Entry,
  type OptionCounts,
} from './filter-panel';

/** The filters side panel (loaded on first use, so the listing's first load stays small). */
export default function FilterDialog({
  state,
  sports,
  categories,
  counts,
  total,
  count,
  go,
  onClose,
  returnFocus,
}: {
  state: ShopState;
  sports: Entry[];
  categories: Entry[];
  counts: Promise<OptionCounts | null>;
  total: number;
  count: number;
  go: (next: Partial<ShopState>) => void;
  onClose: () => void;
  returnFocus: () => void;
}) {
  return (
    <Dialog.Root defaultOpen onOpenChange={(open) => (open ? null : onClose())}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/40" />
        <Dialog.Content
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            returnFocus();
          }}
          className="fixed inset-y-0 right-0 z-50 flex w-full max-w-sm flex-col bg-white shadow-xl focus:outline-none"
        >
          <div className="flex items-center justify-between border-b border-slate-200 px-5 py-4">
            <Dialog.Title className="text-lg font-bold">Filters</Dialog.Title>
            <Dialog.Close
              className="rounded-md p-2 text-slate-600 hover:bg-slate-100"
              aria-label="Close filters"
            >
              <X aria-hidden className="size-5" />
            </Dialog.Close>
          </div>
          <Dialog.Description className="sr-only">
            Choose sports and categories; the list updates as you choose.
          </Dialog.Description>
          <Accordion.Root
            type="multiple"
            defaultValue={['sport', 'category']}
            className="flex-1 overflow-y-auto px-3 py-2"
          >
            {(
              [
                [
                  'sport',
                  'Sport',
                  sports,
                  state.sportIds,
                  (id: number) => go({ sportIds: toggle(state.sportIds, id) }),
                ],
                [
                  'category',
                  'Category',
                  categories,
                  state.categoryIds,
                  (id: number) => go({ categoryIds: toggle(state.categoryIds, id) }),
                ],
              ] as const
            ).map(([value, title, entries, selected, onToggle]) => (
              <Accordion.Item
                key={value}
                value={value}
                className="border-b border-slate-100 last:border-0"
              >
                <Accordion.Header>
                  <Accordion.Trigger className="group flex w-full items-center justify-between px-2 py-3 text-left font-semibold">
                    <span>
                      {title}{' '}
                      <span className="text-sm font-normal text-slate-600">
                        ({selectedLabel(selected.length)})
                      </span>
                    </span>
                    <ChevronDown
                      aria-hidden
                      className="size-4 transition group-data-[state=open]:rotate-180"
                    />
                  </Accordion.Trigger>
                </Accordion.Header>
                <Accordion.Content className="pb-3">
                  <WithCounts counts={counts}>
                    {(c) => (
                      <CheckList
                        name={value}
                        legend={title}
                        entries={entries}
                        counts={c?.[value === 'sport' ? 'sports' : 'categories']}
                        selected={selected}
                        onToggle={onToggle}
                      />
                    )}
                  </WithCounts>
                </Accordion.Content>
              </Accordion.Item>
            ))}
          </Accordion.Root>
          <div className="flex items-center gap-3 border-t border-slate-200 px-5 py-4">
            <button
              type="button"
              onClick={() => go({ sportIds: [], categoryIds: [] })}
              disabled={count === 0}
              className="rounded-md px-4 py-2 font-semibold text-brand-700 hover:bg-brand-50 disabled:text-slate-400"
            >
              Clear All
            </button>
            <Dialog.Close className="ml-auto rounded-md bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700">
              Show {total} {total === 1 ? 'product' : 'products'}
            </Dialog.Close>
          </div>
          {/* The page's own count is hidden behind the open panel: each tick's new total is
              said from here. */}
          <p role="status" className="sr-only">
            {total} {total === 1 ? 'product' : 'products'}
          </p>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
