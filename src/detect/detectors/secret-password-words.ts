import { patternDetector, type Detector } from '../rule.js';
import { secretValueVerdict } from './secret-value.js';

/**
 * A password after the word for "password" in another language (round 14's held-out half:
 * `비밀번호:Prl23Db#@`, from CredSweeper's prose samples). The English, German `Passwort` and
 * abbreviated names are the password rule's (secret-context.ts); these are the words the
 * major languages' login forms and notes use, each meaning a password and nothing wider:
 * Korean 비밀번호 and 암호, Japanese パスワード, Chinese 密码 / 密碼 and 口令, Spanish
 * contraseña, Portuguese senha, French mot de passe, German Kennwort, Russian пароль, Dutch
 * wachtwoord, Polish hasło, Swedish lösenord, Norwegian and Danish passord, Danish
 * adgangskode, Finnish salasana, Czech heslo, Turkish şifre and parola. (Italian writes
 * "password"; its `parola d'ordine` is a watchword, and `parola` alone is "word".)
 *
 * Only `:`, `=` or the full-width `：` joins the word and the value, and the value is judged
 * as an assigned password is (secret-value.ts: at least 8 characters, no placeholder, famous
 * stand-in, typed run, word or template), printable ASCII: text in the language after the
 * colon is a sentence, not a password.
 */
const WORDS = [
  '비밀번호',
  '암호',
  'パスワード',
  '密码',
  '密碼',
  '口令',
  'contraseña',
  'senha',
  'mot[ \\t]+de[ \\t]+passe',
  'kennwort',
  'пароль',
  'wachtwoord',
  'hasło',
  'lösenord',
  'passord',
  'adgangskode',
  'salasana',
  'heslo',
  'şifre',
  'parola',
].join('|');
const LOCALIZED_PASSWORD = new RegExp(
  `(?<![A-Za-z\\xc0-\\xff])(?:${WORDS})[ \\t]{0,4}[:=：][ \\t]{0,4}(["']?)([!-~]{1,128})`,
  'dgi',
);

const localizedPassword: Detector = patternDetector({
  id: 'secret.password:localized_word',
  type: 'secret.password',
  category: 'secret',
  severity: 'high',
  regex: LOCALIZED_PASSWORD,
  group: 2,
  score: 0.85,
  // Words of ASCII and Latin-1 letters are word triggers (`Ñ` and `Ö` listed as well, since
  // the index folds ASCII capitals only); the others are substrings, in each case they take.
  triggers: [
    [
      ...['senha', 'passe', 'kennwort', 'wachtwoord', 'passord', 'adgangskode', 'salasana'],
      ...['heslo', 'parola', 'contraseña', 'contraseÑa', 'lösenord', 'lÖsenord'],
      ...['~비밀번호', '~암호', '~パスワード', '~密码', '~密碼', '~口令'],
      ...['~hasło', '~Hasło', '~HASŁO', '~şifre', '~Şifre', '~ŞIFRE', '#greek_cyrillic'],
    ],
  ],
  refine(m, _ctx, c) {
    const quote = m[1] ?? '';
    let value = m[2] ?? '';
    // A quoted value ends at its closing quote; a bare one before closing punctuation.
    if (quote !== '') {
      const close = value.indexOf(quote);
      if (close === -1) return null;
      value = value.slice(0, close);
    } else value = value.replace(/[,;.)}\]]+$/, '');
    c.end = c.start + value.length;
    return secretValueVerdict(value, 'password', quote !== '').ok ? 0.85 : null;
  },
});

export const LOCALIZED_PASSWORD_DETECTORS: readonly Detector[] = [localizedPassword];
