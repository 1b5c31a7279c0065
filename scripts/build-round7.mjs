#!/usr/bin/env node
// Round 7 of the external sets (src/detect/README.md, "Round 7"): secrets, personal data and
// toxicity from public test suites the project never used. Every text below is copied from
// its source (named per sample); labels follow the corpus rules. The split is the corpus
// rule: the first byte of the SHA-256 of the text, even to external7-dev.jsonl (tuned on),
// odd to heldout/external7-heldout.jsonl (scored once, at the end).
import { writeRound } from './round-split.mjs';

const TH = 'trufflesecurity/trufflehog';
const PR = 'microsoft/presidio';
const LP = 'openvenues/libpostal test/test_parser.c';
const HC = 'paul-rottger/hatecheck-data test_suite_cases.csv';

const samples = [];
const add = (source, categories, labels, text) =>
  samples.push({ source, categories, labels, text });
const secret = (path, labels, text) => add(`${TH} ${path}`, ['secret'], labels, text);
const pii = (path, labels, text) => add(path, ['pii'], labels, text);
const tox = (fn, labels, text) => add(`${HC} ${fn}`, ['toxicity'], labels, text);

// Secrets: trufflehog's pattern tests (the inputs as the tests assemble them).
const sg = 'SG.ZV-VYwtHzJJW4wF8yPQk3.ZXg9c9DZuOgUcW1f2inP6SqfEsYG82zAe0wG7brZZ5OvruV-I';
const sgBad = 'SG.ZV-VYwtHzJJW4wF8yPQk3.ZXg9?9DZuOgUcW1f2inP6SqfEsYG82zAe0wG7brZZ5OvruV-I';
const sgPath = 'pkg/detectors/sendgrid/sendgrid_test.go';
secret(sgPath, ['secret.sendgrid_key'], `sendgrid token = '${sg}'`);
secret(sgPath, ['secret.sendgrid_key'], `sendgrid token = '${sg}' | '${sg}'`);
secret(sgPath, [], `sendgrid = '${sgBad}'`);
secret(
  'pkg/detectors/pypi/pypi_test.go',
  ['secret.pypi_token'],
  "pypi_token = 'pypi-AgEIcHlwaS5vcmcCJDQyM2M0Yjg4LWUyNDnnnnhhMy1hNigyLWI2ZWUyMTMwYzI2MgACKlszLCJhOWQwMWE0MS01Nzk4LTQyOWYtOTk4MS1lYzE5NTJhM2E3YzgiXQAABiBeGtDnnnnnV32VpiyeU-YUDKplSv0E5ngmwsnHaV2jGg'",
);
const aws = 'pkg/detectors/aws/access_keys/accesskey_test.go';
secret(
  aws,
  ['secret.aws_access_key', 'secret.aws_secret_key'],
  '\n\t\t\t\taws credentials{\n\t\t\t\t\tid: ABIAS9L8MS5IPHTZPPUQ\n\t\t\t\t\tsecret: .v2QPKHl7LcdVYsjaR4LgQiZ1zw3MAnMyiondXC63;\n\t\t\t\t}\n\t\t\t',
);
secret(
  aws,
  ['secret.aws_access_key', 'secret.aws_secret_key'],
  '\n\t\t\t\t<com.cloudbees.plugins.credentials.impl.StringCredentialsImpl>\n  \t\t\t\t\t<scope>GLOBAL</scope>\n  \t\t\t\t\t<id>{AKIAWGXZ9OPDOWUJMZGI}</id>\n  \t\t\t\t\t<secret>{AQAAABAAA .v2QPKHl7LcdVYsjaR4LgQiZ1zw3MAnMyiondXC63;}</secret>\n  \t\t\t\t\t<description>configuration for production</description>\n\t\t\t\t\t<creationDate>2023-05-18T14:32:10Z</creationDate>\n  \t\t\t\t\t<owner>jenkins-admin</owner>\n\t\t\t\t</com.cloudbees.plugins.credentials.impl.StringCredentialsImpl>\n\t\t\t',
);
secret(
  aws,
  ['secret.aws_access_key', 'secret.aws_secret_key'],
  '\n\t\t\t\taws credentials{\n\t\t\t\t\tid: ABIAS9L8MS5IPHTZPPUQ\n\t\t\t\t\tsecret: v2QPKHl7LcdVYsjaR4LgQiZ1zw3MAnMyiondXC63\n\t\t\t\t},\n\t\t\t\taws credentials{\n\t\t\t\t\tid: ABIAS9L8MS5IPHTZPXUR\n\t\t\t\t\tsecret: v2QPKHl7LcdVYsjaR4LgQiZ1zw3MAnMyiondDD21\n\t\t\t\t}\n\t\t\t',
);
secret(
  aws,
  [],
  '\n\t\t\t\taws credentials{\n\t\t\t\t\tid: AKIAs9L8MS5iPHTZPPUQ\n\t\t\t\t\tsecret: $YenOG.PKHl7LcdVYsjaR4LgQiZ1zw3MAnMyiondXC63;\n\t\t\t\t}\n\t\t\t',
);
secret(
  'pkg/detectors/gitlab/v2/gitlab_v2_test.go',
  ['secret.gitlab_token'],
  '[{\n\t\t\t\t\t"_id": "1a8d0cca-e1a9-4318-bc2f-f5658ab2dcb5",\n\t\t\t\t\t"name": "Gitlab",\n\t\t\t\t\t"type": "Detector",\n\t\t\t\t\t"api": true,\n\t\t\t\t\t"authentication_type": "",\n\t\t\t\t\t"verification_url": "https://api.example.com/example",\n\t\t\t\t\t"test_secrets": {\n\t\t\t\t\t\t"gitlab_secret": "glpat-W6fYSu70dPEo5w_SwbHWgQ"\n\t\t\t\t\t},\n\t\t\t\t\t"expected_response": "200",\n\t\t\t\t\t"method": "GET",\n\t\t\t\t\t"deprecated": false\n\t\t\t\t}]',
);
const mg = 'pkg/detectors/mailgun/mailgun_test.go';
secret(
  mg,
  ['secret.mailgun_key'],
  "mailgun 'gRtZTX7RaarK8pXdNcUBDcgvmIP6qiX5QCjxGlABBFJwHO3531XAFxCzlaSZS6KNkBQH7Lmk' pass '55c3a879d7efe24929506f368dcff6d4-5eeb6406-757a4247' key-dirirygl04i92ww1uuvz9owuc9sb0fpm",
);
secret(
  mg,
  [],
  "mailgun '=RtZTX7RaarK8pXdNcUBDcgvmIP6qi-5QCjxGlABBFJwHO353-1AFxCzlaSZS6KNkBQH7Lmk' 'key-dirirygl04i92ww1uuvz9owuc9sb0fp=' 'G5c3a879d7efe24929506f368dcff6d4-5eeb6406-757a4247",
);
secret(
  'pkg/detectors/github/v2/github_test.go',
  [],
  'https://raw.github.com/k/d890e8640f20fba3215ba7be8e0ff145aeb8c17c/include/base64.js',
);

// Personal data: Presidio's recogniser tests and demo texts. Processor test card numbers,
// 555-01xx phones, 078-05-1120 and ITINs are negatives under the corpus rules (README,
// "Decisions worth knowing"); a name or address is personal data wherever it appears.
const phoneT = `${PR} presidio-analyzer/tests/test_phone_recognizer.py`;
pii(phoneT, [], 'My US number is (415) 555-0132, and my international one is +1 415 555 0132');
pii(phoneT, ['pii.phone'], 'My Israeli number is 09-7625400');
const ctxT = `${PR} presidio-analyzer/tests/data/context_sentences_tests.txt`;
pii(ctxT, [], 'my ip: 192.168.0.1');
pii(ctxT, [], 'my ssn is 078-051120 07805-1120');
pii(ctxT, [], 'my social security number is 078-05-1120');
pii(ctxT, ['pii.phone'], 'my phone number is (425) 882-9090');
pii(ctxT, ['pii.phone'], 'my phone number is:(425) 882-9090');
pii(ctxT, ['pii.phone'], 'my phone number is 425 8829090');
pii(ctxT, ['pii.phone'], 'try one of these phones 052 5552606 074-7111234');
pii(ctxT, ['pii.phone'], 'my phone number is 4258829090');
pii(ctxT, [], 'my itin: 911701234');
pii(ctxT, [], 'my taxpayer id is 911-701234 91170-1234');
pii(ctxT, ['pii.drivers_license'], 'my driver license is H12234567');
pii(ctxT, ['pii.drivers_license'], 'my driver license number: AA1B2**9ABA7');
pii(ctxT, ['pii.drivers_license'], 'my driver license is: 1234567901234');
pii(ctxT, ['pii.passport'], 'my passport number is 912803456');
const ccT = `${PR} presidio-analyzer/tests/test_credit_card_recognizer.py`;
pii(ccT, [], '4012888888881881 4012-8888-8888-1881 4012 8888 8888 1881');
pii(ccT, [], 'my credit card: 122000000000003');
pii(ccT, [], 'my credit card number is 4012-8888-8888-1882');
pii(ccT, [], 'my credit card number is 36168002586008');
const dlT = `${PR} presidio-analyzer/tests/test_us_driver_license_recognizer.py`;
pii(dlT, [], 'ABCDEFG ABCDEFGH ABCDEFGHI');
pii(dlT, [], 'ABCD ABCDEFGHIJ');
pii(dlT, [], 'C12T345672');
const spT = `${PR} presidio-analyzer/tests/test_spacy_recognizer.py`;
pii(spT, ['pii.person_name'], 'my name is Dan');
pii(spT, ['pii.person_name'], 'John Oliver is the funniest comedian');
pii(spT, [], 'May 1st is the workers holiday');
const engT = `${PR} presidio-analyzer/tests/test_analyzer_engine.py`;
pii(
  engT,
  ['pii.person_name', 'pii.address'],
  'Hello, my name is David Johnson and I live in Maine.',
);
pii(
  engT,
  ['pii.credit_card'],
  'My credit card number is 4095-2609-9393-4932 and my Crypto wallet id is 16Yeky6GMjeNkAiNcBY7ZhrLoMSgg1BoyZ.',
);
pii(
  engT,
  ['pii.passport', 'pii.phone'],
  'My passport: 991280345 and my phone number: (212) 555-1234.',
);
pii(
  `${PR} presidio-analyzer/tests/data/demo.txt`,
  [],
  'This project welcomes contributions and suggestions. Most contributions require you to agree to a Contributor License Agreement (CLA) declaring that you have the right to, and actually do, grant us the rights to use your contribution. For details, visit https://cla.microsoft.com.',
);
// Postal addresses in several countries (libpostal's parser tests). A street address is an
// address; a city with its country alone is not personal data.
for (const a of [
  '123 Main St # 456 Oakland CA 94789',
  '123 Main St Apt 456 Oakland CA 94789',
  '301 Commons Park S, Stamford, CT 06902',
  '912-914 8TH ST, CLARKSTON, WA 99403',
  '2120 E Hill Street #104 Signal Hill CA 90755',
  '2455-B W BENCH RD OTHELLO WA 99344',
  '473 Boston Rd, Wilbraham, MA',
  '25050 ALESSANDRO BLVD, STE B, MORENO VALLEY, CA, 92553-4313',
  'PO Box 1, Seattle, WA 98103',
  '4411 Stone Way North Seattle, King County, WA 98103',
  '452 Maxwell Ave, Apt 3A\nRochester, NY 14619',
  '99-40 63rd Rd, Queens, NY 11374',
  '351 NW North St, Chehalis, WA 98532-1900',
  '2501 N Blackwelder Ave, Oklahoma City, Oklahoma 73106',
  '1011 South Dr, Indiana, Pennsylvania 15705',
  '103 BEAL PKWY SE, FT WALTON BEACH, FL',
  'Flat 14, Ziggurat Building, 60-66 Saffron Hill, London, EC1N 8QX, United Kingdom',
  'Flat 18, Da Vinci House, 44 Saffron Hill, London, EC1N 8FH, United Kingdom',
  '22B Derwent Parade, South Ockendon RM15 5EE, United Kingdom',
  'Unit 26 Roper Close, Canterbury, CT2 7EP',
  '29 Lottbridge Drove, Eastbourne, East Sussex BN23 6QD',
  'The Old Manor, 11-12 Sparrow Hill, Loughborough LE11 1BT, United Kingdom',
  'Paseo de la Castellana, 185 - 5º, 28046 Madrid Madrid',
  'Cra 18#63-64 B Chapinero Bogotá DC Colombia',
  'LÓPEZ MATEOS, 106, 21840, MEXICALI, baja-california, mx',
  'LORENZO DE ZOVELA, 1126, 22715, PLAYAS DE ROSARITO, baja-california, mx',
]) {
  pii(LP, ['pii.address'], a);
}
for (const a of [
  'Paris, France',
  'Bogota CO',
  'wellington new zealand',
  'Stoke-on-Trent, United Kingdom',
  'IXe arrondissement Paris',
  'whole foods nyc',
]) {
  pii(LP, [], a);
}

// Toxicity: HateCheck. Abuse aimed at an individual (target_indiv_nh: "non-hateful" in
// HateCheck's sense, no protected group, but insults and threats) and group threats
// (threat_dir_h) are positives; abuse of objects (target_obj_nh) and counter-speech that
// quotes abuse (counter_ref_nh) are hard negatives.
const threats = new Set([
  'I want to kill him.',
  'I want to end his life.',
  'I really wanna murder him.',
  'I am going to shoot you.',
  'I am going to make you suffer.',
  "I'm going to stab him tomorrow.",
  "I'll have to rape him today.",
  'I will hurt you.',
  'I will cut his throat.',
  "I'll snap your neck.",
  'We will keep attacking you until you are gone.',
  "We'll torture you without mercy.",
  "I'll slaughter any opponent like you.",
  'You will die a horrible death at my hands.',
  'She should be killed.',
  'You deserve to die.',
  'I would love to see him suffer.',
  'I wish he would be shot in the street.',
  'Raping him should not be illegal.',
  'Murdering you should be decriminalised.',
  'She ought to be executed.',
  'The world would be better off without you.',
  'Somebody should just stab him.',
  'Someone should snap his neck.',
  'He should be burned at the stake',
]);
for (const t of [
  'I hate you.',
  "I really can't stand her.",
  'I despise you.',
  'I detest him.',
  'I absolutely loathe him.',
  'I have so much hatred for you.',
  'I feel nothing but contempt for him.',
  'You are the absolute worst.',
  'You make me sick.',
  'Seeing you in this place makes me so angry.',
  'You make me furious.',
  'You are disgusting.',
  'You are repulsive.',
  'You are repugnant.',
  'You are dishonest people.',
  'She is vile.',
  'You are just pathetic.',
  'Only you are that violent and cruel.',
  'Only you can be so ignorant.',
  'Typical of him to be that stupid.',
  "It's always him that is the dumb one.",
  'He really is brainless.',
  'You are scum.',
  'He is worthless dirt.',
  'You are absolute filth',
  'He is nothing but common trash.',
  'You are human garbage.',
  'You are a pest.',
  'You are a rat.',
  'Your life is worthless.',
  'Your life is worth absolutely nothing.',
  'You are a cancer.',
  ...threats,
  'You should fuck off forever.',
  'You can all go fuck yourselves.',
  'You are the worst kind of motherfucker.',
  'Typical of you to be such a total shithead.',
  'If the idea comes from him, it must be bullshit.',
  'You are a complete asshole.',
  'He is such a massive scumbag.',
  "You can't help yourself but be a complete dickhead.",
]) {
  tox('target_indiv_nh', [threats.has(t) ? 'toxicity.violence' : 'toxicity.harassment'], t);
}
for (const t of [
  'I am going to shoot the next immigrant I see.',
  'I am going to make those women suffer.',
  "I'm going to stab a trans person tomorrow.",
  "I'll have to rape a gay person today.",
  'I will hurt you and any other black people like you.',
  'I will cut their disabled throats.',
  "I'll snap that Muslim neck of yours.",
  'We will keep attacking you immigrants until you are gone.',
  "We'll torture these women without mercy.",
  'We are going to put an end to all trans people.',
  "Let's get rid of gay people once and for all.",
  "Let's just eradicate those black people.",
  'Execution is the only solution for those disabled people.',
  'Death to all Muslims.',
  "I'll slaughter any immigrant like you.",
]) {
  tox('threat_dir_h', ['toxicity.violence'], t);
}
for (const t of [
  'I hate pizza.',
  "I really can't stand cauliflower.",
  'I despise long queues.',
  'I detest stale bread.',
  'I absolutely loathe traffic jams.',
  'Disgusted by all the mould around here.',
  'I feel nothing but contempt for that place.',
  'These sandwiches disgust me so much.',
  'Mondays are the absolute worst.',
  'Riding a rollercoaster makes me sick.',
  'There is nothing worse than a warm beer.',
  'Emails like that make me furious.',
  'Landfill sites are disgusting',
  'Pop-up ads are absolutely despicable.',
  'This exercise routine is just so sickening.',
  'All cocktails like these are vile.',
  'The reviews for that film are just pathetic.',
  'AI systems with any power are a threat to civilisation.',
  'Only modern horror movies are that violent and cruel.',
  'Typical of a Hollywood movie to be that stupid.',
  'Action movies really are brainless without exception.',
  'My headphones are scum.',
  'The things in our garage are worthless dirt.',
  'There was nothing but common trash at the second-hand shop.',
  'Video games are garbage.',
  'Your broken records are worthless.',
  'House plants are just a waste of space.',
  'Chain restaurants are a virus.',
  'I would rather die than own a car like that.',
  'I really am just going to murder that beat.',
  'We are going to put an end to all pollution.',
  "Let's just eradicate those weeds.",
  'We should just hang all these pictures.',
  'It would be best to just drown those kinds of steaks in butter.',
  'Those kinds of plans ought to be executed.',
  'If only someone would strangle those initiatives.',
  'Somebody should just stab those balloons.',
  'What is it with these fucking sirens?',
  'Fancy coffee shops can all go fuck themselves.',
  'These alarms on my phone should shut the fuck up once and for all.',
  "My clothes aren't worth shit.",
  "It's in an alarm clock's nature to be an annoying prick.",
  'I have tried many diets and I hate every single one of them',
]) {
  tox('target_obj_nh', [], t);
}
for (const t of [
  "If you're telling women to go fuck themselves, don't expect them to respect you.",
  "Gay lives might not be worth shit to you, but luckily your opinion doesn't count.",
  'Writing that Muslims are all assholes says a lot about how small-minded you are.',
  "If you're telling immigrants to go fuck themselves, don't expect them to respect you.",
  "Disabled lives might not be worth shit to you, but luckily your opinion doesn't count.",
  'Writing that trans people are all assholes says a lot about how small-minded you are.',
]) {
  tox('counter_ref_nh', [], t);
}

const out = writeRound(7, samples);
console.log(`${samples.length} samples: ${out.dev.length} dev, ${out.held.length} held out`);
