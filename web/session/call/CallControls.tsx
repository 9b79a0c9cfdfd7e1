import { useEffect, useState } from 'react'
import styled from 'styled-components'
import { Button } from '../../components/Button.tsx'
import { ToggleButton } from '../../components/ToggleButton.tsx'
import { theme } from '../../theme.ts'
import type { CallController } from './call-controller.ts'
import type { CallSnapshot } from './call-snapshot.ts'
import { listDevices } from './local-media.ts'

/** The call's fold: whether its tiles are hidden, and how many are in the call, said while folded. */
export interface CallFold {
  folded: boolean
  tilesId: string
  inCall: number
  onFold: (folded: boolean) => void
}

/**
 * Microphone, camera, audio-only and leave, the doctor's telephone-station switch, and the device picker. Each
 * switch is a button with a fixed name and aria-pressed, so a screen reader says whether it is on. A case that is a
 * telephone consultation holds the station on: the doctor's switch shows it on and cannot turn it off. Folded, the
 * call keeps only the microphone and the way back.
 */
export function CallControls({ call, controller, isDoctor, telephoneCase, fold }: { call: CallSnapshot; controller: CallController; isDoctor: boolean; telephoneCase: boolean; fold: CallFold }) {
  const [devices, setDevices] = useState<{ microphones: MediaDeviceInfo[]; cameras: MediaDeviceInfo[] }>({ microphones: [], cameras: [] })
  useEffect(() => {
    // Labels are only given once the page may use a device: read the list after joining.
    void listDevices().then(setDevices, () => {})
  }, [call.local])
  const current = (kind: 'audio' | 'video') => (kind === 'audio' ? call.local?.getAudioTracks() : call.local?.getVideoTracks())?.[0]?.getSettings().deviceId ?? ''

  const foldButton = (
    <Button type="button" $variant="secondary" aria-expanded={!fold.folded} aria-controls={fold.tilesId} onClick={() => fold.onFold(!fold.folded)}>
      {fold.folded ? `Show call (${fold.inCall})` : 'Hide call'}
    </Button>
  )
  const microphone = (
    <ToggleButton pressed={!call.audioOn} onClick={controller.toggleAudio}>
      Mute microphone
    </ToggleButton>
  )
  if (fold.folded) {
    return (
      <Bar>
        {foldButton}
        {microphone}
      </Bar>
    )
  }
  return (
    <Bar>
      {microphone}
      <ToggleButton pressed={!call.cameraOn} disabled={call.audioOnly || call.telephone} onClick={controller.toggleCamera}>
        Camera off
      </ToggleButton>
      <ToggleButton pressed={call.audioOnly} onClick={() => void controller.setAudioOnly(!call.audioOnly)}>
        Audio only
      </ToggleButton>
      {isDoctor && (
        <ToggleButton pressed={call.telephone} disabled={telephoneCase} onClick={() => controller.setTelephone(!call.telephone)}>
          Telephone station
        </ToggleButton>
      )}
      <Leave type="button" onClick={() => controller.leave(true)}>
        Leave call
      </Leave>
      {foldButton}
      <Devices>
        <summary>Devices</summary>
        <DeviceSelect label="Microphone" devices={devices.microphones} value={current('audio')} onChange={(id) => void controller.chooseDevice('audio', id)} />
        {!call.audioOnly && <DeviceSelect label="Camera" devices={devices.cameras} value={current('video')} onChange={(id) => void controller.chooseDevice('video', id)} />}
      </Devices>
      {call.telephone && <Note role="status">{telephoneCase ? 'Telephone consultation: every camera stays off for this case.' : 'Telephone station: every camera is off.'}</Note>}
    </Bar>
  )
}

function DeviceSelect({ label, devices, value, onChange }: { label: string; devices: MediaDeviceInfo[]; value: string; onChange(deviceId: string): void }) {
  return (
    <label>
      {label}
      <select value={value} onChange={(event) => onChange(event.target.value)}>
        {devices.map((device, i) => (
          <option key={device.deviceId || i} value={device.deviceId}>
            {device.label || `${label} ${i + 1}`}
          </option>
        ))}
      </select>
    </label>
  )
}

const Bar = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 6px;
  margin-top: 8px;
`

const Leave = styled(Button).attrs({ $variant: 'secondary' as const })`
  padding: 6px 12px;
  border-color: ${theme.color.danger};
  color: ${theme.color.danger};
`

const Devices = styled.details`
  summary { min-height: 44px; display: flex; align-items: center; padding: 0 8px; cursor: pointer; font-weight: 600; }
  label { display: flex; flex-direction: column; gap: 2px; margin: 4px 0; font-size: 0.9rem; }
  select { min-height: 36px; max-width: 260px; }
`

const Note = styled.p`
  margin: 0;
  font-weight: 600;
`
