import styled from 'styled-components'
import type { RoleCaseView } from '../../schemas/case-views.ts'
import { caseTitle, notesOf } from './room/case-content.ts'
import { FormattedCaseText } from '../components/case-text/FormattedCaseText.tsx'
import { PracticeMaterialNote } from '../components/case-text/PracticeMaterialNote.tsx'
import { theme } from '../theme.ts'

const HEADINGS = { doctor: "Doctor's brief", patient: 'Patient script' } as const

/**
 * The notes the server sent for this role (it already removed what the role may not see). `titleLevel`: the
 * case title's heading level, for a page that shows a seat's screen under headings of its own (the admins' timeline).
 */
export function CaseNotes({ view, titleLevel = 2 }: { view: RoleCaseView | null; titleLevel?: 2 | 3 | 4 }) {
  if (!view) return <Muted>No case has been assigned yet.</Muted>
  const title = caseTitle(view)
  const blocks = notesOf(view)
  // Under the room's h1, each heading this role's view has goes one level down from the one above it, never two
  // (the patient's view has a title and one side, the doctor's has no title while the case runs).
  const sideLevel = title ? titleLevel + 1 : titleLevel
  const sectionLevel = blocks.length > 1 ? sideLevel + 1 : sideLevel
  return (
    <article aria-label="Case notes">
      {title && <Title as={`h${titleLevel}`}>{title}</Title>}
      <PracticeMaterialNote attribution={view} />
      <Category>{view.category.name}</Category>
      {view.description && <Stem>{view.description}</Stem>}
      {blocks.map((block) => (
        <Block key={block.side} $side={block.side}>
          {blocks.length > 1 && <SideHeading as={`h${sideLevel}`}>{HEADINGS[block.side]}</SideHeading>}
          <FormattedCaseText text={block.notes} />
          {block.sections.map((section) => (
            <section key={section.id}>
              <SectionHeading as={`h${sectionLevel}`}>{section.title}</SectionHeading>
              <FormattedCaseText text={section.content} />
            </section>
          ))}
        </Block>
      ))}
    </article>
  )
}

const Title = styled.h2`
  font-size: 1.3rem;
  overflow-wrap: anywhere;
`

const SideHeading = styled.h3`
  font-size: 1.1rem;
`

const SectionHeading = styled.h4`
  font-size: 1rem;
  margin: 12px 0 4px;
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
  border-left: 4px solid ${({ $side }) => ($side === 'doctor' ? theme.role.DOCTOR : theme.role.PATIENT)};
  background: ${theme.color.surface};
  border-radius: ${theme.radius.small};
`

const Muted = styled.p`
  color: ${theme.color.muted};
`
