import styled from 'styled-components'
import { visuallyHidden } from '../../global-style.ts'
import { theme } from '../../theme.ts'
import type { CaseChange, DiffPart } from './case-diff.ts'

/**
 * The differences between two versions, one field each (the caller says when there are none). Added words are underlined and removed ones struck
 * through (colour is a second cue, never the only one), and a screen reader hears "added" or "removed" before them.
 */
export function ChangeList({ changes }: { changes: CaseChange[] }) {
  return (
    <>
      <Legend>
        <ins>Added words</ins> are underlined, <del>removed words</del> struck through.
      </Legend>
      <Changes>
        {changes.map((change, index) => (
          <li key={`${change.field}-${index}`}>
            <Field>
              {change.field} <Kind>({change.kind})</Kind>
            </Field>
            <Text>
              {change.parts.map((part, partIndex) => (
                <Part key={partIndex} part={part} />
              ))}
            </Text>
          </li>
        ))}
      </Changes>
    </>
  )
}

function Part({ part }: { part: DiffPart }) {
  if (part.change === 'kept') return <>{part.text}</>
  const Mark = part.change === 'added' ? Added : Removed
  return (
    <Mark>
      <Hidden>{part.change === 'added' ? 'added: ' : 'removed: '}</Hidden>
      {part.text}
    </Mark>
  )
}

const Legend = styled.p`
  margin: 0 0 12px;
  color: ${theme.color.muted};
  ins { color: ${theme.color.success}; }
  del { color: ${theme.color.danger}; }
`

const Changes = styled.ul`
  margin: 0;
  padding: 0;
  list-style: none;
  display: grid;
  gap: 12px;
  li {
    padding: 10px 12px;
    border: 1px solid ${theme.color.border};
    border-radius: ${theme.radius.small};
    min-width: 0;
  }
`

const Field = styled.p`
  margin: 0 0 4px;
  font-weight: 700;
  overflow-wrap: anywhere;
`

const Kind = styled.span`
  font-weight: 400;
  color: ${theme.color.muted};
`

const Text = styled.p`
  margin: 0;
  white-space: pre-wrap;
  overflow-wrap: anywhere;
`

const Added = styled.ins`
  background: ${theme.color.successSoft};
  color: ${theme.color.success};
  text-decoration: underline;
  text-decoration-thickness: 2px;
`

const Removed = styled.del`
  background: ${theme.color.dangerSoft};
  color: ${theme.color.danger};
  text-decoration: line-through;
`

const Hidden = styled.span`
  ${visuallyHidden}
`
