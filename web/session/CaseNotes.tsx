import styled from 'styled-components'
import type { RoleCaseView } from '../../schemas/case-views.ts'
import { caseTitle, notesOf } from '../../schemas/session-room/case-content.ts'
import { theme } from '../theme.ts'

const HEADINGS = { doctor: "Doctor's brief", patient: 'Patient script' } as const

/** The notes the server sent for this role (it already removed what the role may not see). */
export function CaseNotes({ view }: { view: RoleCaseView | null }) {
  if (!view) return <Muted>No case has been assigned yet.</Muted>
  const title = caseTitle(view)
  const blocks = notesOf(view)
  return (
    <Article aria-label="Case notes">
      {title && <h2>{title}</h2>}
      <Category>{view.category.name}</Category>
      {view.description && <Stem>{view.description}</Stem>}
      {blocks.map((block) => (
        <Block key={block.side} $side={block.side}>
          {blocks.length > 1 && <h3>{HEADINGS[block.side]}</h3>}
          {block.notes && <Text>{block.notes}</Text>}
          {block.sections.map((section) => (
            <section key={section.id}>
              <h4>{section.title}</h4>
              <Text>{section.content}</Text>
            </section>
          ))}
        </Block>
      ))}
    </Article>
  )
}

const Article = styled.article`
  h2 { font-size: 1.3rem; overflow-wrap: anywhere; }
  h3 { font-size: 1.1rem; }
  h4 { font-size: 1rem; margin: 12px 0 4px; }
`

const Category = styled.p`
  display: inline-block;
  padding: 2px 10px;
  border-radius: ${theme.radius.round};
  background: ${theme.color.background};
  border: 1px solid ${theme.color.border};
  color: ${theme.color.muted};
  font-size: 0.85rem;
`

const Stem = styled.p`
  font-weight: 600;
`

const Block = styled.div<{ $side: 'doctor' | 'patient' }>`
  margin-top: 12px;
  padding: 12px 16px;
  border-left: 4px solid ${({ $side }) => ($side === 'doctor' ? theme.role.doctor : theme.role.patient)};
  background: ${theme.color.surface};
  border-radius: ${theme.radius.small};
`

const Text = styled.p`
  white-space: pre-wrap;
  overflow-wrap: anywhere;
`

const Muted = styled.p`
  color: ${theme.color.muted};
`
