import { PRODUCT_NAME, type TLegalDocument } from '@rostrum/contract';

// The texts shown until the operator puts their own in DATA_DIR/legal (docs/operations/README.md). They say
// they are defaults: an installation's real terms are the operator's to write.
const NOTICE = `> **This is the default text of ${PRODUCT_NAME}.** The operator of this installation has not published their own yet. They can do so by placing a file in \`DATA_DIR/legal/\` on the server (see the operations guide).`;

export const LEGAL_DEFAULTS: Record<TLegalDocument, string> = {
  terms: `${NOTICE}

## Using this service

This ${PRODUCT_NAME} installation is run by its operator, the organisation that gave you access. By creating an account you agree to use the service for speech practice and coaching, to upload only recordings you have the right to share, and not to misuse it or try to reach other people's data.

## Your recordings

You keep the rights to your recordings. The service stores and analyses them to give you feedback, and shows them to the people your group's privacy settings allow (your coach, and your group when you share).

## Changes and contact

The operator may change these terms and will publish the new text on this page. Questions go to the operator of this installation.
`,
  privacy: `${NOTICE}

## What is stored

Your name, email address, the details you give in your profile, your recordings, their analysis, and the comments and scores given on them.

## How it is used

Only to provide the service: analysing your speech, showing results to you and to the people your group's privacy settings allow, and sending the email notifications you choose in your settings. Nothing is sold or passed to advertisers.

## Your choices

You can change your profile and email notifications at any time and delete your recordings. From Account Settings you can download a copy of all your data, and delete your account: your recordings and everything about you go with it, and comments you wrote on other people's recordings stay, shown as from a former member. If your organisation keeps recordings for a limited time, older ones are deleted, with a notice 14 days before.
`,
};
