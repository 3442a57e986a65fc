/** Recording needs MediaRecorder and getUserMedia; older browsers get the warning of section 2.4. */
export function supportsAudioFeatures(): boolean {
  return typeof window !== 'undefined' && 'MediaRecorder' in window && !!navigator.mediaDevices?.getUserMedia;
}
