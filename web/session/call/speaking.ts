import { useEffect, useState } from 'react'

const THRESHOLD = 0.02
const SAMPLE_MS = 150
let shared: AudioContext | null = null

/** One AudioContext for the page; resumed by the click that joins the call (browsers start it suspended). */
export function audioContext(): AudioContext | null {
  if (typeof AudioContext === 'undefined') return null
  shared ??= new AudioContext()
  if (shared.state === 'suspended') void shared.resume()
  return shared
}

/** Whether the stream's audio is above a speaking level now, sampled a few times a second. */
export function useSpeaking(stream: MediaStream | null, audioOn: boolean): boolean {
  const [speaking, setSpeaking] = useState(false)
  const trackId = stream?.getAudioTracks()[0]?.id
  useEffect(() => {
    const context = audioContext()
    if (!stream || !trackId || !audioOn || !context) return setSpeaking(false)
    const source = context.createMediaStreamSource(stream)
    const analyser = context.createAnalyser()
    analyser.fftSize = 512
    source.connect(analyser)
    const samples = new Float32Array(analyser.fftSize)
    const timer = setInterval(() => {
      analyser.getFloatTimeDomainData(samples)
      const rms = Math.sqrt(samples.reduce((sum, s) => sum + s * s, 0) / samples.length)
      setSpeaking(rms > THRESHOLD)
    }, SAMPLE_MS)
    return () => {
      clearInterval(timer)
      source.disconnect()
      setSpeaking(false)
    }
  }, [stream, trackId, audioOn])
  return speaking
}
