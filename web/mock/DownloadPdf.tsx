import { useState } from 'react'
import type { SharedResultSheet } from '../../schemas/mock/result-sheet.ts'
import { Alert } from '../components/Alert.tsx'
import { BusyButton } from '../components/Button.tsx'
import { sheetPdf } from './sheet-pdf.ts'

/** Writes the sheet as a PDF file in the browser and downloads it; the PDF library loads only on the first click. */
export function DownloadPdf({ sheet, day }: { sheet: SharedResultSheet; day: (at: number) => string }) {
  const [busy, setBusy] = useState(false)
  const [failed, setFailed] = useState(false)
  const download = async () => {
    setBusy(true)
    setFailed(false)
    try {
      const bytes = await sheetPdf(sheet, day)
      const url = URL.createObjectURL(new Blob([bytes as BlobPart], { type: 'application/pdf' }))
      const link = Object.assign(document.createElement('a'), { href: url, download: `mock-exam-result-${new Date(sheet.startedAt).toISOString().slice(0, 10)}.pdf` })
      link.click()
      setTimeout(() => URL.revokeObjectURL(url), 10_000)
    } catch {
      setFailed(true)
    } finally {
      setBusy(false)
    }
  }
  return (
    <>
      <BusyButton type="button" $variant="secondary" busy={busy} onClick={() => void download()}>
        {busy ? 'Writing the PDF…' : 'Download PDF'}
      </BusyButton>
      {failed && <Alert tone="error">The PDF could not be written. Print the page and choose "Save as PDF" instead.</Alert>}
    </>
  )
}
