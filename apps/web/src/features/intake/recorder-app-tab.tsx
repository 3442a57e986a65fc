import { Link } from 'react-router';

/**
 * Recorder App tab: Rostrum has no phone app of its own, so this explains how to record with the
 * phone's own recorder (Voice Memos on iPhone, any recorder app elsewhere) and bring the file in.
 */
export function RecorderAppTab({ uploadPath }: { uploadPath: string }) {
  return (
    <div className="stack stack--lg">
      <ol className="app-steps">
        <li>
          <h3>Record</h3>
          <p>
            On iPhone open <strong>Voice Memos</strong> and tap the red button; on Android use the built-in
            <strong> Recorder</strong> (or any voice recorder app). Hold the phone about an arm's length away and speak as you would to your
            audience.
          </p>
        </li>
        <li>
          <h3>Keep within the limits</h3>
          <ul className="app-steps__limits">
            <li>At most 15 minutes long</li>
            <li>At most 200 MB</li>
            <li>Audio only, no video: .wav, .mp3 or .m4a</li>
          </ul>
        </li>
        <li>
          <h3>Send the file to your computer</h3>
          <p>
            In Voice Memos tap the recording, then <strong>…</strong> and <strong>Share</strong>: AirDrop it to a Mac, save it to Files or
            iCloud Drive, or email it to yourself. On Android use <strong>Share</strong> to send it to Google Drive, email or a nearby
            computer. Voice Memos saves .m4a files, which Rostrum accepts.
          </p>
        </li>
        <li>
          <h3>Upload it</h3>
          <p>
            Open the <Link to={uploadPath}>Upload File</Link> tab, choose the file, give it a title and press Upload. Your results appear a
            few minutes later.
          </p>
        </li>
      </ol>
    </div>
  );
}
