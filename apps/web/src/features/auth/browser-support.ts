/** Recording needs MediaRecorder and getUserMedia; older browsers get the warning of section 2.4. */
export function supportsAudioFeatures(): boolean {
  return typeof window !== 'undefined' && 'MediaRecorder' in window && !!navigator.mediaDevices?.getUserMedia;
}

/** iPhone, iPad and iPod, including an iPad that presents itself as a Mac (a Mac has no touch screen). */
export function isIos(): boolean {
  if (typeof navigator === 'undefined') return false;
  return /iPad|iPhone|iPod/.test(navigator.userAgent) || (navigator.platform === 'MacIntel' && navigator.maxTouchPoints > 1);
}

/** Microsoft Edge (Chromium, "Edg/") on Windows: Windows' own privacy switches can keep the microphone from it. */
export function isEdgeOnWindows(): boolean {
  if (typeof navigator === 'undefined') return false;
  return /\bEdg\//.test(navigator.userAgent) && /Windows/.test(navigator.userAgent);
}

/** Internet Explorer 10 ("MSIE") and 11 ("Trident/"). */
export function isInternetExplorer(): boolean {
  if (typeof navigator === 'undefined') return false;
  return /MSIE |Trident\//.test(navigator.userAgent);
}
