import styled from 'styled-components'

/** A long list of checkboxes (station types, MLA areas) in as many columns as the width allows. */
export const CheckboxGrid = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(220px, 1fr));
  gap: 6px 16px;
  label { display: flex; gap: 8px; align-items: center; min-height: 36px; }
  input { width: 18px; height: 18px; flex: none; }
`
