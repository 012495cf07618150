import { useLayoutEffect, useRef } from 'react';
import { useAdoptedFromServer } from './hydrating';

type Field = HTMLInputElement | HTMLTextAreaElement;

/**
 * Takes over what a visitor typed into a page's fields before its application adopted them (docs/decisions.md
 * "First view on phones"). Hydration leaves a field's text as it is, but the application's state still holds the
 * server's value, and the next render of the field (a key in another field, say) would write that over the text:
 * a name typed before the code came was lost that way. So, once, when the application adopts the page, each field
 * (by its element id) whose text differs from the state gives the state its text; nothing is written to the field,
 * so its focus and its caret stay where the visitor left them.
 *
 * `values`: each field's element id and the value the state holds for it; `take`: gives the state a field's text.
 */
export function useTakeOverFields(values: Record<string, string>, take: (id: string, text: string) => void): void {
  const adopted = useAdoptedFromServer();
  const latest = useRef({ values, take });
  latest.current = { values, take };
  useLayoutEffect(() => {
    if (!adopted) return;
    for (const [id, value] of Object.entries(latest.current.values)) {
      const element = document.getElementById(id) as Field | null;
      if (element && 'value' in element && element.value !== value) latest.current.take(id, element.value);
    }
  }, [adopted]);
}
