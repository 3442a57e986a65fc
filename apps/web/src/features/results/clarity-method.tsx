import { CLARITY_PARTS, CLARITY_WEIGHTS, type TClarityPart } from '@rostrum/contract';

/** How the Clarity score is made, under its dial: the parts and their shares (docs/analysis/clarity.md, "Clarity"). */
export function ClarityMethod() {
  const parts = Object.entries(CLARITY_WEIGHTS) as [TClarityPart, number][];
  return (
    <details className="chart-why">
      <summary>How Clarity is measured</summary>
      <p>Clarity is how easily a listener can make out your words, out of 10:</p>
      <ul>
        {parts.map(([part, weight]) => (
          <li key={part}>
            {Math.round(weight * 100)}%: {CLARITY_PARTS[part]}
          </li>
        ))}
      </ul>
      <p>Without a transcript, the recogniser's share is spread over the other parts.</p>
    </details>
  );
}
