import styled from 'styled-components'
import { roleLabel } from '../../schemas/labels.ts'
import { fromWireRole } from '../../schemas/session-wire.ts'
import { theme } from '../theme.ts'

export type JoinableRole = 'patient' | 'observer'

const CARDS: Array<{ role: JoinableRole; points: string[] }> = [
  {
    role: 'patient',
    points: ['Sees the patient notes only', 'Sees the timer', 'Follows the character guidelines', 'Takes part in feedback'],
  },
  {
    role: 'observer',
    points: ['Sees both sets of notes', 'Sees the full timer', 'Gives external feedback'],
  },
]

/**
 * The two roles a joiner may take, as a radio group of cards (arrow keys move between them). The patient is
 * held by one person: once taken it reads 'Role Taken' and cannot be chosen. Observers are never refused here.
 */
export function RoleChoice({ value, onChange, patientTaken }: { value: JoinableRole | null; onChange: (role: JoinableRole) => void; patientTaken: boolean }) {
  return (
    <Group>
      <legend>Choose your role</legend>
      <Cards>
        {CARDS.map((card) => {
          const taken = card.role === 'patient' && patientTaken
          return (
            <CardLabel key={card.role} $color={theme.role[fromWireRole(card.role)]} $selected={value === card.role} $disabled={taken}>
              <input
                type="radio"
                name="role"
                value={card.role}
                checked={value === card.role}
                disabled={taken}
                onChange={() => onChange(card.role)}
                aria-describedby={`role-${card.role}-points`}
              />
              <CardTitle>
                {roleLabel(card.role)}
                {taken && <Taken>Role Taken</Taken>}
              </CardTitle>
              <ul id={`role-${card.role}-points`}>
                {card.points.map((point) => (
                  <li key={point}>{point}</li>
                ))}
              </ul>
            </CardLabel>
          )
        })}
      </Cards>
    </Group>
  )
}

const Group = styled.fieldset`
  margin: 0 0 20px;
  padding: 0;
  border: 0;
  legend { font-weight: 700; margin-bottom: 8px; }
`

const Cards = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(220px, 1fr));
  gap: 12px;
`

const CardLabel = styled.label<{ $color: string; $selected: boolean; $disabled: boolean }>`
  position: relative;
  display: block;
  padding: 16px 16px 8px 44px;
  border: 2px solid ${({ $selected, $color }) => ($selected ? $color : theme.color.controlBorder)};
  border-radius: ${theme.radius.medium};
  background: ${({ $disabled }) => ($disabled ? theme.color.background : theme.color.surface)};
  opacity: ${({ $disabled }) => ($disabled ? 0.7 : 1)};
  cursor: ${({ $disabled }) => ($disabled ? 'not-allowed' : 'pointer')};
  border-left-width: 8px;
  border-left-color: ${({ $color }) => $color};
  input { position: absolute; left: 14px; top: 20px; width: 20px; height: 20px; accent-color: ${({ $color }) => $color}; }
  &:focus-within { outline: 3px solid ${theme.color.focus}; outline-offset: 2px; }
  ul { margin: 8px 0; padding-left: 18px; color: ${theme.color.muted}; }
`

const CardTitle = styled.span`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 8px;
  font-size: 1.15rem;
  font-weight: 700;
`

const Taken = styled.span`
  padding: 2px 8px;
  border-radius: ${theme.radius.round};
  background: ${theme.color.dangerSoft};
  color: ${theme.color.danger};
  font-size: 0.8rem;
`
