/**
 * The most common passwords (compared case-insensitively) that would otherwise pass the spec's strength
 * rule. Drawn from public breach top lists, plus local favourites.
 */
const LIST = `password1 password12 password123 password1234 passw0rd p@ssw0rd p@ssword p@ssword1 p@55w0rd pa$$word
qwerty1 qwerty12 qwerty123 qwerty1234 qwerty123! qwer1234 qwerty! q1w2e3r4 q1w2e3r4t5 1q2w3e4r 1q2w3e4r5t 1qaz2wsx
zaq12wsx zxcv1234 asdf1234 asdfgh1 abc123 abc1234 abcd1234 abc123! abcd123 a123456 a1234567 a12345678 aa123456
aa1234 aa12345 aa123456! ab123456 admin1 admin12 admin123 admin1234 admin@123 welcome1 welcome12 welcome123
welcome! letmein1 letmein123 iloveyou1 iloveyou2 iloveu1 monkey1 monkey123 dragon1 dragon123 football1
football12 baseball1 sunshine1 princess1 master1 master123 shadow1 michael1 superman1 batman1 trustno1 hello1
hello123 hello1234 hello! test1 test12 test123 test1234 test@123 changeme1 secret1 secret123 summer1 summer2024
summer2025 summer2026 winter2024 winter2025 winter2026 spring2025 autumn2025 january1 love123 lovely1 freedom1
whatever1 computer1 internet1 starwars1 pokemon1 charlie1 jordan23 liverpool1 chelsea1 arsenal1 barcelona1
shalom1 shalom12 shalom123 shalom1234 israel1 israel12 israel123 israel1948 jerusalem1 telaviv1 maccabi1
hapoel1 beitar1 ahava1 ahava123 mazaltov1 wedding1 wedding123 wedding2026 mishpacha1 family1 family123
baby123 qazwsx1 qazwsx123 1234qwer 1234abcd 123qwe 123qweasd 123abc 123abc! 12345a 123456a 1234567a 12345678a
123456789a a1b2c3 a1b2c3d4 aa11bb22 azerty1 azerty123 google1 google123 facebook1 samsung1 apple123 iphone1
pass1 pass12 pass123 pass1234 pass@123 user1 user123 login1 login123 root123 default1 guest1 guest123
magiim1 magiim123`;

export const COMMON_PASSWORDS: ReadonlySet<string> = new Set(LIST.split(/\s+/).filter(Boolean));

export const isCommonPassword = (password: string): boolean => COMMON_PASSWORDS.has(password.toLowerCase());
