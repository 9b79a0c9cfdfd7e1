import styled from 'styled-components'
import { mockApi } from '../api/mock.ts'
import { Alert } from '../components/Alert.tsx'
import { ButtonLink } from '../components/Button.tsx'
import { usePageTitle } from '../components/usePageTitle.ts'
import { ResultSheetView } from '../mock/ResultSheetView.tsx'
import { useResultSheet } from '../mock/useResultSheet.ts'
import { SharePanel } from '../mock/SharePanel.tsx'
import { useSessionCode } from '../session/SessionCode.tsx'

/** The candidate's own result sheet of a mock exam, with its private link to share or withdraw. */
export default function MockResult() {
  const code = useSessionCode()
  const { sheet, failure } = useResultSheet(code, mockApi.resultSheet)
  usePageTitle('Mock exam result sheet')

  return (
    <SheetPage>
      {failure && (
        <>
          <Alert tone="error">{failure}</Alert>
          <ButtonLink href="/dashboard">Back to Dashboard</ButtonLink>
        </>
      )}
      {!failure && !sheet && <p role="status">Loading the result sheet…</p>}
      {sheet && (
        <ResultSheetView
          sheet={sheet}
          actions={
            <ButtonLink href="/progress" $variant="secondary">
              Your progress
            </ButtonLink>
          }
        />
      )}
      {sheet && <SharePanel code={code} />}
    </SheetPage>
  )
}

/** The page around a sheet; in print only the sheet itself. */
export const SheetPage = styled.div`
  width: 100%;
  max-width: 1000px;
  margin: 0 auto;
  padding: 24px 16px;
  h1 { overflow-wrap: anywhere; }
  @media print {
    padding: 0;
    button, a, [data-no-print] { display: none; }
  }
`
