import styled from 'styled-components'
import { theme } from '../theme.ts'

/** A label above its native control (input, select, textarea), for the small forms that are not useForm's. */
export const StackedField = styled.div`
  display: flex;
  flex-direction: column;
  gap: 4px;
  margin-bottom: 12px;
  label { font-weight: 600; }
  input, select, textarea { min-height: 44px; padding: 8px 10px; border: 1px solid ${theme.color.controlBorder}; border-radius: ${theme.radius.small}; max-width: 100%; }
`

/** A checkbox with its words, a 44 px target. */
export const CheckRow = styled.label`
  display: flex;
  align-items: center;
  gap: 8px;
  min-height: 44px;
  margin-bottom: 12px;
  input { width: 20px; height: 20px; flex: none; }
`
