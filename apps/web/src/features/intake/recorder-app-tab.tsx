import { CheckCircle2, Download } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '../../components/button';
import { useInstallPrompt } from './offline/use-install-prompt';
import './offline/recorder-app.css';

/**
 * Recorder App tab (issue 41): Rostrum's record page installs as an app on a phone or computer.
 * It opens without a connection, keeps the screen on while recording, and keeps each take on the
 * device until the server has it. The install button shows when the browser offers installing;
 * otherwise each platform's own steps.
 */
export function RecorderAppTab({ uploadPath }: { uploadPath: string }) {
  const { installed, install } = useInstallPrompt();
  return (
    <div className="stack stack--lg" data-testid="recorder-app">
      <ul className="app-steps__limits" aria-label="What the recorder does">
        <li>Opens from your home screen, even with no connection.</li>
        <li>Keeps the screen on while you record, where your browser allows it.</li>
        <li>Keeps each take on your phone until it has uploaded, and uploads it by itself when you are back online.</li>
        <li>Takes up to 15 minutes, as on the Record tab.</li>
      </ul>
      {installed ? (
        <p className="recorder-app__installed" role="status">
          <CheckCircle2 size={18} aria-hidden /> Installed
        </p>
      ) : install ? (
        <div>
          <Button icon={<Download size={16} aria-hidden />} onClick={() => void install()}>
            Install the recorder
          </Button>
        </div>
      ) : (
        <ol className="app-steps">
          <li>
            <h3>iPhone and iPad (Safari)</h3>
            <p>
              Open this page in Safari, tap <strong>Share</strong>, then <strong>Add to Home Screen</strong>.
            </p>
          </li>
          <li>
            <h3>Android (Chrome)</h3>
            <p>
              Open this page in Chrome, tap the <strong>⋮</strong> menu, then <strong>Install app</strong>.
            </p>
          </li>
          <li>
            <h3>Computer (Chrome or Edge)</h3>
            <p>
              Click the install icon at the right of the address bar, or open the browser's menu and choose <strong>Install</strong>.
            </p>
          </li>
        </ol>
      )}
      <section className="stack" aria-labelledby="recorder-app-other">
        <h3 id="recorder-app-other">Recorded with another app?</h3>
        <ul className="app-steps__limits">
          <li>At most 15 minutes long</li>
          <li>At most 200 MB</li>
          <li>Audio only, no video: .wav, .mp3 or .m4a</li>
        </ul>
        <p>
          Open the <Link to={uploadPath}>Upload File</Link> tab, choose the file, give it a title and press Upload.
        </p>
      </section>
    </div>
  );
}
