import { useEffect, useState, type RefObject } from 'react'

/**
 * After a refused save or submission has rendered its messages, the first field with a problem (or the message
 * about the whole case) takes the focus, so the author starts where the work is. Answers the function to call on
 * each refusal.
 */
export function useFocusFirstProblem(formRef: RefObject<HTMLFormElement | null>): () => void {
  const [refusals, setRefusals] = useState(0)
  useEffect(() => {
    if (refusals > 0) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"], [data-save-error]')?.focus()
  }, [refusals, formRef])
  return () => setRefusals((count) => count + 1)
}
