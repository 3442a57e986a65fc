import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { GraduationCap, LifeBuoy, Mail, Mic, ShieldCheck, UserRound } from 'lucide-react';
import { PageHeader } from '../../components/page-header';
import { withArticle } from '@rostrum/contract';
import { useViewer } from '../../app/viewer';
import './help.css';

/** Set VITE_SUPPORT_EMAIL at build time to show a support address; otherwise users are sent to their admins. */
const SUPPORT_EMAIL: string | undefined = import.meta.env.VITE_SUPPORT_EMAIL || undefined;

function HelpSection({ id, icon, title, children }: { id: string; icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <section className="help-section card" aria-labelledby={`${id}-title`} id={id}>
      <div className="card__body">
        <h2 className="help-section__title" id={`${id}-title`}>
          <span className="icon-tile help-section__icon">{icon}</span>
          {title}
        </h2>
        <div className="prose">{children}</div>
      </div>
    </section>
  );
}

/** /help: getting started per role, recording troubleshooting, support and FAQ (002 section 2.11). */
export function HelpPage() {
  const { vocab: v } = useViewer();
  const toc = [
    { id: 'speakers', label: `For ${v.word('speakers')}` },
    { id: 'coaches', label: `For ${v.word('coaches')}` },
    { id: 'admins', label: 'For administrators' },
    { id: 'microphone', label: 'Recording troubleshooting' },
    { id: 'faq', label: 'Frequently asked questions' },
    { id: 'support', label: 'Contact support' },
  ];
  return (
    <div className="page">
      <PageHeader title="Help" lead="How to get the most out of Rostrum, whatever your role." />
      <div className="help-layout">
        <nav className="help-toc" aria-label="On this page">
          <p className="help-toc__title">On this page</p>
          <ul>
            {toc.map((t) => (
              <li key={t.id}>
                <a href={`#${t.id}`}>{t.label}</a>
              </li>
            ))}
          </ul>
        </nav>
        <div className="stack stack--lg">
          <HelpSection
            id="speakers"
            icon={<UserRound size={20} aria-hidden />}
            title={`Getting started as ${withArticle(v.word('speaker'))}`}
          >
            <ol>
              <li>
                <strong>Join your {v.word('group')}.</strong> Your {v.word('coach')} gives you an invite code or link. New here? Use it on
                the sign-up page. Already have an account? Enter it on the <Link to="/subscription">Subscription</Link> page.
              </li>
              <li>
                <strong>Record or upload a speech.</strong> Record straight from your browser, or upload an audio or video file of a talk
                you have already given. Aim for at least a minute of speaking: short clips give less reliable scores.
              </li>
              <li>
                <strong>Read your results.</strong> Within a few minutes you get a Vibe score, how your audience is likely to hear you
                (confident, clear, nervous and so on), and measures of pace, pausing, upspeak and vocal variety compared with an ideal
                range. Tips point at the moments worth practising.
              </li>
              <li>
                <strong>Share and get feedback.</strong> Submit a recording to your {v.word('coach')} for review or share it with your{' '}
                {v.word('group')} for peer feedback. Recordings stay private until you do.
              </li>
              <li>
                <strong>Track your progress.</strong> Your <Link to="/evaluate">Results</Link> list keeps every recording, so you can see
                your habits change from one speech to the next.
              </li>
            </ol>
          </HelpSection>

          <HelpSection
            id="coaches"
            icon={<GraduationCap size={20} aria-hidden />}
            title={`Getting started as ${withArticle(v.word('coach'))}`}
          >
            <ol>
              <li>
                <strong>Invite your {v.word('speakers')}.</strong> On the <Link to="/manage">Manage</Link> page, pick a {v.word('group')}{' '}
                and copy its invite code or link. Anyone who signs up with it joins that {v.word('group')} as{' '}
                {withArticle(v.word('speaker'))}.
              </li>
              <li>
                <strong>Follow their work.</strong> The {v.word('speakers')} list shows how many recordings each person has made, their
                total speaking time and when they last uploaded.
              </li>
              <li>
                <strong>Give feedback.</strong> Comment on and score submitted recordings on organization and content, vocal delivery and X
                factor, alongside the automated analysis.
              </li>
              <li>
                <strong>Switch modes.</strong> If you are also {withArticle(v.word('speaker'))} somewhere, use the {v.Word('coach')} /{' '}
                {v.Word('speaker')} switch in the top bar to move between your two views.
              </li>
            </ol>
          </HelpSection>

          <HelpSection id="admins" icon={<ShieldCheck size={20} aria-hidden />} title="Getting started as an administrator">
            <ul>
              <li>
                The <strong>Admin</strong> area lists every {v.word('group')} in your organization with its active and total users, invite
                code and link, and privacy levels.
              </li>
              <li>
                The first row, <em>{v.Word('coaches')} and Admins</em>, holds organization-wide roles: people who can add new{' '}
                {v.word('groups')} and people with full admin access.
              </li>
              <li>
                Privacy levels decide what {v.word('coaches')} hear of {v.word('speaker')} recordings and what {v.word('speakers')} see of
                each other. Choose them per {v.word('group')}.
              </li>
              <li>Only administrators can see the Admin area; everyone else is sent to their own pages.</li>
            </ul>
          </HelpSection>

          <HelpSection id="microphone" icon={<Mic size={20} aria-hidden />} title="Recording troubleshooting">
            <h3>The browser does not ask for the microphone, or recording stays silent</h3>
            <ul>
              <li>
                <strong>Allow microphone access.</strong> Click the lock or camera icon at the left of the address bar, set Microphone to{' '}
                <em>Allow</em>, and reload the page.
              </li>
              <li>
                <strong>Check the system setting.</strong> On macOS open System Settings → Privacy &amp; Security → Microphone and turn your
                browser on. On Windows open Settings → Privacy &amp; security → Microphone and allow desktop apps and your browser.
              </li>
              <li>
                <strong>Pick the right input.</strong> If you use a headset or external microphone, choose it in the browser's site settings
                and in your system sound settings.
              </li>
              <li>
                <strong>Close other apps using the microphone</strong>, such as video-call apps, which can hold it exclusively.
              </li>
              <li>
                <strong>Use a current browser.</strong> Recording works best in the latest Edge, Chrome or Firefox.
              </li>
            </ul>
            <h3>Getting a good analysis</h3>
            <ul>
              <li>Record in a quiet room and keep the microphone at a steady distance.</li>
              <li>Speak as you would to your audience; one speaker at a time gives the clearest results.</li>
              <li>If an upload fails, check that the file plays on your computer and try again.</li>
            </ul>
          </HelpSection>

          <HelpSection id="faq" icon={<LifeBuoy size={20} aria-hidden />} title="Frequently asked questions">
            <dl className="faq">
              <dt>What is the Vibe score?</dt>
              <dd>
                A single score for how your delivery comes across to listeners, built from the same measures you see in your results: pace,
                pausing, upspeak, vocal variety and the impression your voice gives.
              </dd>
              <dt>Who can hear my recordings?</dt>
              <dd>
                Recordings are private until you submit or share them. What your {v.word('coach')} and {v.word('group')} can hear depends on
                the privacy levels your organization set for the {v.word('group')}.
              </dd>
              <dt>My invite code does not work.</dt>
              <dd>
                Check it letter for letter, including hyphens. Codes belong to one organization; ask your {v.word('coach')} for a new one if
                it still fails.
              </dd>
              <dt>I forgot my password.</dt>
              <dd>
                Use <em>Forgot password?</em> on the sign-in page. We email you a link that works for one hour.
              </dd>
              <dt>How do I change my name or email?</dt>
              <dd>
                Go to <Link to="/profile">Account Settings</Link>. Changing your email needs your current password.
              </dd>
              <dt>Can I turn off emails?</dt>
              <dd>
                Yes. Choose which emails you get on the <Link to="/email-notifications">Email Notifications</Link> page.
              </dd>
            </dl>
          </HelpSection>

          <HelpSection id="support" icon={<Mail size={20} aria-hidden />} title="Contact support">
            <p>
              For access, invite codes and roles, your {v.word('coach')} or your organization's administrator can help fastest: they can see
              your account and {v.word('groups')}.
            </p>
            {SUPPORT_EMAIL ? (
              <p>
                For anything else, email <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>. Tell us what you were doing, what you
                expected and what happened, and include your browser name and version.
              </p>
            ) : (
              <p>
                For anything else, ask your administrator to contact the team that runs Rostrum for your organization. Tell them what you
                were doing, what you expected and what happened, and include your browser name and version.
              </p>
            )}
          </HelpSection>
        </div>
      </div>
    </div>
  );
}
