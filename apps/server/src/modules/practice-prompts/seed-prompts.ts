import type { TPracticePromptCategory } from '@rostrum/contract';

// The product's own practice prompts, copied into an organisation's library the first time it is
// read (practice-prompts.service.ts). Each `key` is stable: it is stored with the copy, so a
// prompt an admin edits or deletes is never copied again. Written to be spoken, not read: each
// says what to talk about, how to shape it, and what to listen for in the results.

export type TSeedPrompt = {
  key: string;
  category: TPracticePromptCategory;
  title: string;
  instructions: string;
  suggestedSeconds: number;
};

export const SEED_PROMPTS: readonly TSeedPrompt[] = [
  // Elevator pitch
  {
    key: 'pitch-yourself',
    category: 'elevator-pitch',
    title: 'Introduce yourself in a minute',
    instructions:
      'Say who you are, what you do and what you want to do next, as if you had just met someone useful at a conference. End with one thing you would like them to remember.',
    suggestedSeconds: 60,
  },
  {
    key: 'pitch-product',
    category: 'elevator-pitch',
    title: 'Pitch a product you love',
    instructions:
      'Pick something you use every day. Say what problem it solves, who it is for and why it beats the alternatives. Open with the problem, not the product.',
    suggestedSeconds: 60,
  },
  {
    key: 'pitch-project',
    category: 'elevator-pitch',
    title: 'Your current project in 45 seconds',
    instructions:
      'Explain the project you are working on to someone outside your field: the goal, why it matters, and where it stands today. Avoid jargon; if a term is needed, explain it in a few words.',
    suggestedSeconds: 45,
  },
  {
    key: 'pitch-idea',
    category: 'elevator-pitch',
    title: 'Sell an idea to your manager',
    instructions:
      'Propose one change at work or school that would save time or money. State the idea in the first sentence, give two reasons, name the first step, and ask for a decision.',
    suggestedSeconds: 90,
  },
  {
    key: 'pitch-startup',
    category: 'elevator-pitch',
    title: 'The startup you would found',
    instructions:
      'Describe a company you would start if money were no object: the customer, the pain, your solution and how it makes money. Finish with what you need from the listener.',
    suggestedSeconds: 90,
  },
  // Interview answer
  {
    key: 'interview-tell-me',
    category: 'interview-answer',
    title: 'Tell me about yourself',
    instructions:
      'Answer the classic opening question for a role you want: your present, a past experience that led here, and why this role is the next step. Keep it to three parts and stop when you are done.',
    suggestedSeconds: 90,
  },
  {
    key: 'interview-challenge',
    category: 'interview-answer',
    title: 'A challenge you overcame',
    instructions:
      'Use the STAR shape: the Situation, the Task you had, the Action you took and the Result. Spend most of the time on the action, and say what you would do differently.',
    suggestedSeconds: 120,
  },
  {
    key: 'interview-weakness',
    category: 'interview-answer',
    title: 'Your greatest weakness',
    instructions:
      'Name a real weakness, give a short example of when it showed, and explain what you are doing about it. Speak steadily: pauses are fine, fillers are not needed.',
    suggestedSeconds: 90,
  },
  {
    key: 'interview-why-us',
    category: 'interview-answer',
    title: 'Why do you want to work here?',
    instructions:
      'Pick an organisation you admire. Give two specific reasons tied to what it does, and one thing you would bring to it. Sound sure: end your sentences down, not up.',
    suggestedSeconds: 60,
  },
  {
    key: 'interview-conflict',
    category: 'interview-answer',
    title: 'A disagreement with a colleague',
    instructions:
      'Describe a time you disagreed with someone you worked with. Stay fair to the other person, say how you reached a decision, and what the working relationship was like afterwards.',
    suggestedSeconds: 120,
  },
  {
    key: 'interview-five-years',
    category: 'interview-answer',
    title: 'Where do you see yourself in five years?',
    instructions:
      'Give an honest, concrete picture: the skills you want to have, the kind of work you want to do, and how the role in front of you helps you get there.',
    suggestedSeconds: 60,
  },
  // Storytelling
  {
    key: 'story-turning-point',
    category: 'storytelling',
    title: 'A turning point',
    instructions:
      'Tell the story of a moment that changed the direction of your life. Set the scene in a sentence or two, slow down at the moment itself, and end with what it taught you.',
    suggestedSeconds: 180,
  },
  {
    key: 'story-first-job',
    category: 'storytelling',
    title: 'Your first job',
    instructions:
      'Describe your first paid job: where it was, one person you remember and one thing that went wrong. Let your voice carry the story: vary your pace and volume at the key moments.',
    suggestedSeconds: 120,
  },
  {
    key: 'story-lost',
    category: 'storytelling',
    title: 'The time you got lost',
    instructions:
      'Tell the story of a time you were lost, in a city, a forest or a new school. Build the tension, pause before the moment you found your way, and finish with a line that makes people smile.',
    suggestedSeconds: 120,
  },
  {
    key: 'story-mentor',
    category: 'storytelling',
    title: 'Someone who believed in you',
    instructions:
      'Describe a teacher, coach or friend who made a difference. Give one specific scene rather than a list of qualities, and say what you would tell them today.',
    suggestedSeconds: 150,
  },
  {
    key: 'story-failure',
    category: 'storytelling',
    title: 'A failure worth telling',
    instructions:
      'Tell a story about something that did not work out. Be specific about what you hoped for and what happened. End on what you do differently now.',
    suggestedSeconds: 150,
  },
  {
    key: 'story-place',
    category: 'storytelling',
    title: 'A place that matters to you',
    instructions:
      'Take the listener to a place you love. Use the senses: what you see, hear and smell there. Speak as if you were walking them through it.',
    suggestedSeconds: 90,
  },
  // Impromptu
  {
    key: 'impromptu-superpower',
    category: 'impromptu',
    title: 'One superpower',
    instructions:
      'If you could have one superpower for a single day, which would you choose and what would you do with it? Decide in five seconds, then talk. Give your answer a beginning, a middle and an end.',
    suggestedSeconds: 60,
  },
  {
    key: 'impromptu-advice',
    category: 'impromptu',
    title: 'Advice to your younger self',
    instructions: 'What one piece of advice would you give yourself ten years ago? State it first, then give a reason and an example.',
    suggestedSeconds: 60,
  },
  {
    key: 'impromptu-object',
    category: 'impromptu',
    title: 'The nearest object',
    instructions:
      'Pick up or look at the object closest to you and talk about it for a minute: where it came from, what it says about you, and what you would replace it with.',
    suggestedSeconds: 60,
  },
  {
    key: 'impromptu-rule',
    category: 'impromptu',
    title: 'A rule you would change',
    instructions:
      'Name one rule, at school, at work or in your country, that you would change. Say why it exists, why it should change, and what should replace it.',
    suggestedSeconds: 90,
  },
  {
    key: 'impromptu-skill',
    category: 'impromptu',
    title: 'Teach a skill in a minute',
    instructions:
      'Teach the listener something you know how to do, from tying a knot to making coffee. Give the steps in order and pause briefly between them.',
    suggestedSeconds: 60,
  },
  {
    key: 'impromptu-weekend',
    category: 'impromptu',
    title: 'The perfect weekend',
    instructions:
      'Describe your perfect weekend from Saturday morning to Sunday night. Keep it moving, and make it sound as good as it would feel.',
    suggestedSeconds: 60,
  },
  // Presentation
  {
    key: 'presentation-opening',
    category: 'presentation',
    title: 'Open a talk with a question',
    instructions:
      'Write the first 30 seconds of a talk on any subject, starting with a question to the audience. Pause after the question so that people can think, then give your first point.',
    suggestedSeconds: 45,
  },
  {
    key: 'presentation-explain',
    category: 'presentation',
    title: 'Explain a concept simply',
    instructions:
      'Explain something from your field (compound interest, photosynthesis, an API) to a curious twelve-year-old. Use one analogy, and check the pace: slow down on the new words.',
    suggestedSeconds: 120,
  },
  {
    key: 'presentation-update',
    category: 'presentation',
    title: 'A status update',
    instructions:
      'Give a two-minute project update to a team: what is done, what is next, and one risk with what you need to remove it. Lead with the headline.',
    suggestedSeconds: 120,
  },
  {
    key: 'presentation-data',
    category: 'presentation',
    title: 'Present a number',
    instructions:
      'Pick one statistic you find surprising. Say the number, pause, then explain what it means and why the audience should care.',
    suggestedSeconds: 90,
  },
  {
    key: 'presentation-close',
    category: 'presentation',
    title: 'Close a talk strongly',
    instructions:
      'Deliver the last minute of a talk: sum up your three main points, then end with a call to action. Let your voice fall at the end of the final sentence and stop cleanly.',
    suggestedSeconds: 60,
  },
  {
    key: 'presentation-toast',
    category: 'presentation',
    title: 'A toast',
    instructions:
      'Give a toast at a wedding, a retirement or a team celebration. Open warmly, tell one short story about the person, and end by raising your glass.',
    suggestedSeconds: 120,
  },
  // Persuasion
  {
    key: 'persuasion-book',
    category: 'persuasion',
    title: 'Convince me to read a book',
    instructions:
      'Recommend a book, film or podcast to someone who has never heard of it. Give them one reason to care in the first ten seconds, and finish with exactly what to do next.',
    suggestedSeconds: 90,
  },
  {
    key: 'persuasion-habit',
    category: 'persuasion',
    title: 'A habit everyone should adopt',
    instructions:
      'Argue for one small daily habit. Give the benefit, answer the most likely objection, and make the first step sound easy. Speak with confidence: statements, not questions.',
    suggestedSeconds: 120,
  },
  {
    key: 'persuasion-debate',
    category: 'persuasion',
    title: 'Take a side',
    instructions:
      'Remote work or the office? Cities or the countryside? Pick a side and argue it for two minutes, with two reasons and one example each. Acknowledge the other side once.',
    suggestedSeconds: 120,
  },
  {
    key: 'persuasion-fundraise',
    category: 'persuasion',
    title: 'Ask for support for a cause',
    instructions:
      'Ask the listener to support a cause you care about. Tell them who it helps with one real example, say what their help would do, and ask clearly.',
    suggestedSeconds: 90,
  },
];
