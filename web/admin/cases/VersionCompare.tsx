import { useEffect, useId, useRef, useState } from 'react'
import styled from 'styled-components'
import type { CaseVersionSummary } from '../../../schemas/api/case-versions.ts'
import type { CaseView } from '../../../schemas/content.ts'
import { errorMessage } from '../../api/client.ts'
import { fetchCaseVersion } from '../../api/case-versions.ts'
import { Alert } from '../../components/Alert.tsx'
import { SelectBox, SmallButton } from '../controls.tsx'
import { caseChanges, type CaseChange } from './case-diff.ts'
import { ChangeList } from './ChangeList.tsx'

interface VersionCompareProps {
  caseId: number
  /** Newest first, as the history lists them; at least two. */
  versions: CaseVersionSummary[]
}

/** What two versions differ in, or why they could not be read; none yet while they are read. */
type Comparison = { from: number; to: number } & ({ state: 'ready'; changes: CaseChange[] } | { state: 'failed'; message: string })

/** Two versions chosen (the one before the current and the current at first) and what changed between them. */
export function VersionCompare({ caseId, versions }: VersionCompareProps) {
  const [from, setFrom] = useState(versions[1].version)
  const [to, setTo] = useState(versions[0].version)
  const [comparison, setComparison] = useState<Comparison | null>(null)
  const [attempt, setAttempt] = useState(0)
  // A version never changes once saved, so each is read once while the dialog is open.
  const read = useRef(new Map<number, Promise<CaseView>>())
  const headingId = useId()

  useEffect(() => {
    if (from === to) return
    let current = true
    const load = (version: number) => {
      let text = read.current.get(version)
      if (!text) {
        text = fetchCaseVersion(caseId, version)
        // A failed read is tried again next time.
        text.catch(() => read.current.delete(version))
        read.current.set(version, text)
      }
      return text
    }
    Promise.all([load(from), load(to)]).then(
      ([before, after]) => current && setComparison({ from, to, state: 'ready', changes: caseChanges(before, after) }),
      (failure: unknown) => current && setComparison({ from, to, state: 'failed', message: errorMessage(failure, 'Could not read these versions. Please try again.') }),
    )
    return () => {
      current = false
    }
  }, [caseId, from, to, attempt])

  // Until the chosen pair is read, the last comparison is not theirs: nothing is shown from it.
  const shown = comparison?.from === from && comparison.to === to ? comparison : null
  const retry = () => {
    setComparison(null)
    setAttempt((count) => count + 1)
  }
  const options = versions.map(({ version }, index) => ({ value: version, label: index === 0 ? `Version ${version} (current)` : `Version ${version}` }))
  return (
    <section aria-labelledby={headingId}>
      <h3 id={headingId}>Compare two versions</h3>
      <Choices>
        <SelectBox label="Compare version" value={from} onChange={setFrom} options={options} />
        <SelectBox label="with version" value={to} onChange={setTo} options={options} />
      </Choices>
      {from === to ? (
        <p>Choose two different versions to see what changed.</p>
      ) : (
        <>
          <h4>
            From version {from} to version {to}
          </h4>
          {shown?.state === 'failed' ? (
            <Alert tone="error">
              {shown.message}{' '}
              <SmallButton type="button" $variant="secondary" onClick={retry}>
                Try again
              </SmallButton>
            </Alert>
          ) : (
            <p role="status">{summary(shown)}</p>
          )}
          {shown?.state === 'ready' && <ChangeList changes={shown.changes} />}
        </>
      )}
    </section>
  )
}

function summary(comparison: Extract<Comparison, { state: 'ready' }> | null): string {
  if (!comparison) return 'Comparing versions…'
  const count = comparison.changes.length
  return count === 0 ? 'No differences.' : `${count} ${count === 1 ? 'difference' : 'differences'}:`
}

const Choices = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 0 16px;
  > div { flex: 1 1 200px; min-width: 0; }
`
