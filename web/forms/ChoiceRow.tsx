import styled from 'styled-components'
import { theme } from '../theme.ts'

/** A fieldset of a few radio buttons in a row that wraps on a phone, each label a 44 px target. */
export const ChoiceRow = styled.fieldset`
  margin: 0;
  padding: 0;
  border: 0;
  display: flex;
  flex-wrap: wrap;
  gap: 8px 16px;
  legend { font-weight: 700; margin-bottom: 6px; padding: 0; }
  label { display: inline-flex; align-items: center; gap: 6px; min-height: 44px; }
  input { width: 20px; height: 20px; accent-color: ${theme.color.primary}; }
`
