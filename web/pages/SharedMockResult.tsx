import { useParams } from 'wouter'
import { mockApi } from '../api/mock.ts'
import { Alert } from '../components/Alert.tsx'
import { usePageTitle } from '../components/usePageTitle.ts'
import { ResultSheetView } from '../mock/ResultSheetView.tsx'
import { useResultSheet } from '../mock/useResultSheet.ts'
import { SheetPage } from './MockResult.tsx'

/** A result sheet its candidate shared by a private link (issue 33): readable without an account, nothing more. */
export default function SharedMockResult() {
  const token = useParams<{ token: string }>().token ?? ''
  const { sheet, failure } = useResultSheet(token, mockApi.shared)
  usePageTitle('Mock exam result sheet')

  return (
    <SheetPage>
      {failure && <Alert tone="error">{failure}</Alert>}
      {!failure && !sheet && <p role="status">Loading the result sheet…</p>}
      {sheet && <ResultSheetView sheet={sheet} />}
    </SheetPage>
  )
}
