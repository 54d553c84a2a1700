// The user guide shown in the app (the help pages): one text per topic, written for the people who book and
// flash devices. Paragraphs are separated by a blank line; a line starting with "$ " is a command.
export const HELP_TOPICS = ['booking', 'flashing', 'connecting', 'tokens-and-cli', 'calendars'] as const;
export type HelpTopic = (typeof HELP_TOPICS)[number];

export const helpMessages = {
  HELP_TITLE: 'User guide',
  HELP_INTRO:
    'How to book the testbed\'s devices, flash them with your images, log in to them, script it all from the command line and keep your reservations in your calendar.',
  API_REFERENCE: 'API reference',
  API_REFERENCE_TEXT: 'Every call of the portal, with its parameters and replies, for programs and scripts.',
  BACK_TO_GUIDE: 'All topics',
  TOPIC_NOT_FOUND: 'There is no such help page.',
  'booking.title': 'Booking devices',
  'booking.summary': 'Choose devices and a time window; see what is free.',
  'booking.body': [
    'Open Reservation > Book devices. Pick a device type, tick the devices you want, then the start, the duration and the reservation type. Exclusive gives you the devices alone (only an Exclusive reservation lets you flash them); Shared lets others book the same devices at the same time.',
    'The timeline under the form shows what is taken; "Find the earliest slot" fills in the first window where enough devices of the type are free. Times are in the time zone of your profile, or your browser\'s when your profile names none; the form says which under the start. The home page lists the devices free now by type, each with "Book now" to open this form on its type.',
    'A booking is all or nothing: if one device is taken, nothing is booked and the form names the device and the reservation in the way. The usage policy of your group may cap how long and how many devices you book, how far ahead, and how many device-hours a week (weeks start on Monday 00:00 UTC); the form says so before you book.',
    'Your reservations are under Reservation > My reservations (on a phone, one card each): the menu of a reservation (its ⋯ button) lets you change the end, release a running one early, or delete one that has not started. Add colleagues to a reservation so that they may flash and log in too.',
  ].join('\n\n'),
  'flashing.title': 'Flashing a device',
  'flashing.summary': 'Write an image on a device you hold, then wait until it is ready.',
  'flashing.body': [
    'You may flash a device during an Exclusive reservation of it that has started. From My reservations, "Flash devices" opens the flash form with the reservation\'s devices already chosen; pick the image and press Flash.',
    'The flash runs on the server: you may close the page, it goes on and its progress is shown again when you come back. It writes the image, waits for the device to start, then puts your SSH keys on it. A device being flashed is locked; you can flash your other devices meanwhile.',
    '"Flash several devices at once" writes one image on many devices, each as its own job. If a flash fails, the job says why; the device\'s health page tells administrators when a device keeps failing.',
  ].join('\n\n'),
  'connecting.title': 'Connecting to a device',
  'connecting.summary': 'Log in over SSH with your own key once the flash is done.',
  'connecting.body': [
    'Add your SSH public key under My account (the content of ~/.ssh/id_ed25519.pub, for example). Without a key you cannot book or flash.',
    'When a flash ends, your account is restored on the device with your keys: log in with your portal username.',
    '$ ssh your-username@10.0.1.11',
    'The home page and the flash jobs show the exact command for each device you hold, including the testbed\'s jump host when there is one. You can delete a key under My account; your last key stays while you hold a reservation, so that you can still log in.',
  ].join('\n\n'),
  'tokens-and-cli.title': 'API tokens and the command line',
  'tokens-and-cli.summary': 'Script bookings and flashes with the testbed command.',
  'tokens-and-cli.body': [
    'Create a personal API token under My account > API tokens: "read" lets a script see devices, reservations and flash jobs; "read, book and flash" lets it act as you. A token is shown once; revoke it when you no longer need it.',
    'The testbed command uses such a token:',
    '$ testbed login --url https://testbed.example.org --username your-username',
    '$ testbed book --now --duration 1h 10.0.1.11',
    '$ testbed flash 10.0.1.11 --image raspios-bookworm-lite',
    '$ testbed ssh 10.0.1.11',
    'testbed reservations lists yours, testbed release ID ends one, testbed slots --type T finds free windows. Run testbed --help for every command.',
    'The command prints times in the time zone of your profile, or of your computer when your profile names none, and says which. Scripts that read times add --utc to get ISO 8601 instants in UTC:',
    '$ testbed reservations --utc',
  ].join('\n\n'),
  'calendars.title': 'Calendars and reminders',
  'calendars.summary': 'Your reservations in your calendar, and mails before they start and end.',
  'calendars.body': [
    'Under My account, "Create my calendar feed" gives a private address that Thunderbird, Google Calendar or Outlook can subscribe to: your reservations appear and follow every change. Anyone with the address sees your reservations, so keep it to yourself; you can replace it at any time.',
    'Each reservation can also be downloaded as one calendar event from My reservations.',
    'Reminders are mails sent a number of minutes before your reservations start and end; choose the delays, or turn them off, under My account.',
    'Set your time zone on your profile (My account, Time zone): the pages, the mails and the testbed command then show times in it. Without one, the pages use your browser\'s zone and the mails UTC.',
  ].join('\n\n'),
} as const;
