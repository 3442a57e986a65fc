import { Banner } from '../components/banner';
import { notifications, useNotification } from './notification-store';

/** The banner above the content. */
export function NotificationRegion() {
  const n = useNotification();
  return (
    <div className="banner-region" aria-live="polite">
      {n && (
        <Banner
          key={n.id}
          kind={n.kind}
          title={n.title}
          text={n.text}
          action={n.action}
          onDismiss={n.sticky ? undefined : () => notifications.clear()}
        />
      )}
    </div>
  );
}
