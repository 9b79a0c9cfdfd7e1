import { useId } from 'react'
import styled from 'styled-components'
import { Button } from '../components/Button.tsx'
import { Field, Input, Label } from '../forms/TextField.tsx'
import { visuallyHidden } from '../global-style.ts'
import { NARROW, theme } from '../theme.ts'

/** The labelled inputs and list furniture the three admin tabs share. */

interface SearchBoxProps {
  label: string
  value: string
  onChange: (value: string) => void
  placeholder?: string
}

export function SearchBox({ label, value, onChange, placeholder }: SearchBoxProps) {
  const id = useId()
  return (
    <Field>
      <Label htmlFor={id}>{label}</Label>
      <Input id={id} type="search" value={value} placeholder={placeholder} onChange={(event) => onChange(event.target.value)} $invalid={false} />
    </Field>
  )
}

export { Select, SelectBox } from '../forms/SelectBox.tsx'

/** The asterisk is decoration; `required`/`aria-required` on the field is what assistive technology reads. */
export const RequiredMark = () => <Star aria-hidden="true"> *</Star>


const Star = styled.span`
  color: ${theme.color.danger};
`

/** Filters side by side on wide screens, stacked on phones; buttons sit on the inputs' baseline. */
export const Toolbar = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 0 16px;
  align-items: flex-end;
  > div { flex: 1 1 220px; min-width: 0; }
  > button { flex: none; margin-bottom: 16px; }
`

export const Count = styled.p`
  color: ${theme.color.muted};
  margin: 0 0 12px;
`

/** Between phone and desktop widths, a table wider than the screen scrolls inside this box, never the page. */
export const TableScroll = styled.div`
  overflow-x: auto;
  border: 1px solid ${theme.color.border};
  border-radius: ${theme.radius.small};
  background: ${theme.color.surface};
`

/**
 * A table on wider screens; on phones each row is a card whose cells stack, first cell as its title and actions
 * in full view (no sideways scrolling to reach Delete). The column headers stay for screen readers, and a cell
 * whose value does not say what it is carries `data-label`, shown before it on phones only.
 */
export const Table = styled.table<{ $minWidth?: string }>`
  width: 100%;
  min-width: ${({ $minWidth = '640px' }) => $minWidth};
  border-collapse: collapse;
  th, td {
    padding: 10px 12px;
    text-align: left;
    border-bottom: 1px solid ${theme.color.border};
    vertical-align: middle;
  }
  th { background: ${theme.color.background}; font-size: 0.9rem; }
  tbody tr:last-child td { border-bottom: 0; }
  @media ${NARROW} {
    &, tbody { display: block; min-width: 0; }
    thead { ${visuallyHidden} }
    tr { display: grid; gap: 6px; padding: 12px 16px; border-bottom: 1px solid ${theme.color.border}; }
    tbody tr:last-child { border-bottom: 0; }
    td { display: block; padding: 0; border: 0; overflow-wrap: anywhere; }
    td:first-child:not(:only-child) { font-weight: 700; }
    td[data-label]::before { content: attr(data-label) ': '; color: ${theme.color.muted}; font-weight: 600; }
  }
`

export const RowActions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
`

export const SmallButton = styled(Button)`
  min-height: 40px;
  padding: 6px 12px;
  font-size: 0.9rem;
`

export const EmptyState = styled.p`
  padding: 24px;
  text-align: center;
  color: ${theme.color.muted};
  margin: 0;
`

export const PanelHeader = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: 12px;
  margin-bottom: 12px;
  h2 { margin: 0; }
`
