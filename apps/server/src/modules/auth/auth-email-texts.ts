import type { Lang } from '@magiim/shared';

interface AuthEmailTexts {
  greeting: (name: string) => string;
  /** For mail to an address not yet proven: a registrant's name could be a link a mail client makes clickable. */
  hello: string;
  footer: (supportEmail: string) => string;
  verify: { subject: string; body: string; action: string; expires: string };
  changeEmail: { subject: string; body: string; action: string; expires: string };
  reset: { subject: string; body: string; action: string; expires: string; ignore: string };
  /** Security notices to the account's current address. */
  passwordChanged: { subject: string; body: string; notYou: string; action: string };
  emailChangeRequested: { subject: string; body: (newEmail: string) => string; notYou: string };
  /** To the owner of an address another account tried to move to. */
  emailTaken: { subject: string; body: string; nothingChanged: string };
  /** To the owner of an address someone tried to register with (registration answers as for a new address). */
  registrationAttempt: { subject: string; body: string; ifYou: string; notYou: string; action: string };
}

/** The e-mails' words in every interface language (the type makes a missing language a compile error). */
export const AUTH_EMAIL_TEXTS: Record<Lang, AuthEmailTexts> = {
  he: {
    greeting: (name) => `שלום ${name},`,
    hello: 'שלום,',
    footer: (support) => `נשלח על ידי מגיעים. לשאלות: ${support}`,
    verify: {
      subject: 'אימות כתובת האימייל שלך במגיעים',
      body: 'תודה על ההרשמה למגיעים! כדי להתחיל, נשאר רק לאמת את כתובת האימייל.',
      action: 'אימות האימייל',
      expires: 'הקישור בתוקף ל-48 שעות.',
    },
    changeEmail: {
      subject: 'אישור כתובת האימייל החדשה שלך במגיעים',
      body: 'התקבלה בקשה לשנות את כתובת האימייל בחשבון. כדי להשלים את השינוי, יש לאשר את הכתובת החדשה.',
      action: 'אישור הכתובת החדשה',
      expires: 'הקישור בתוקף ל-48 שעות.',
    },
    reset: {
      subject: 'איפוס הסיסמה שלך במגיעים',
      body: 'קיבלנו בקשה לאפס את הסיסמה לחשבון שלך.',
      action: 'בחירת סיסמה חדשה',
      expires: 'הקישור בתוקף לשעה אחת וניתן להשתמש בו פעם אחת בלבד.',
      ignore: 'אם הבקשה לא נשלחה מכם, אפשר להתעלם מהודעה זו.',
    },
    passwordChanged: {
      subject: 'הסיסמה שלך במגיעים שונתה',
      body: 'הסיסמה לחשבון שלך שונתה זה עתה.',
      notYou: 'אם השינוי לא נעשה על ידיכם, כדאי לאפס את הסיסמה מיד ולכתוב לנו.',
      action: 'איפוס הסיסמה',
    },
    emailChangeRequested: {
      subject: 'בקשה לשינוי כתובת האימייל שלך במגיעים',
      body: (newEmail) => `התקבלה בקשה לשנות את כתובת האימייל בחשבון שלך ל-${newEmail}. הכתובת תשתנה רק אחרי אישור בקישור שנשלח אליה.`,
      notYou: 'אם הבקשה לא נשלחה מכם, כדאי להחליף את הסיסמה מיד ולכתוב לנו.',
    },
    emailTaken: {
      subject: 'ניסיון להשתמש בכתובת האימייל שלך במגיעים',
      body: 'מישהו ביקש להעביר חשבון אחר במגיעים לכתובת האימייל הזו, שכבר שייכת לחשבון שלך.',
      nothingChanged: 'לא השתנה דבר והחשבון שלך לא הושפע. אם הבקשה לא נשלחה מכם, אפשר להתעלם מהודעה זו.',
    },
    registrationAttempt: {
      subject: 'ניסיון הרשמה עם כתובת האימייל שלך במגיעים',
      body: 'מישהו ניסה להירשם למגיעים עם כתובת האימייל הזו, שכבר שייכת לחשבון שלך. לא נפתח חשבון חדש, והחשבון שלך לא השתנה.',
      ifYou: 'אם ניסיתם להירשם, אפשר פשוט להיכנס. שכחתם את הסיסמה? בעמוד הכניסה אפשר לבחור סיסמה חדשה.',
      notYou: 'אם לא אתם ניסיתם, אפשר להתעלם מהודעה זו.',
      action: 'כניסה למגיעים',
    },
  },
  en: {
    greeting: (name) => `Hello ${name},`,
    hello: 'Hello,',
    footer: (support) => `Sent by Magiim. Questions: ${support}`,
    verify: {
      subject: 'Verify your e-mail address for Magiim',
      body: 'Thank you for signing up to Magiim! To get started, please verify your e-mail address.',
      action: 'Verify e-mail',
      expires: 'The link is valid for 48 hours.',
    },
    changeEmail: {
      subject: 'Confirm your new e-mail address for Magiim',
      body: 'You asked to change the e-mail address of your account. To complete the change, please confirm the new address.',
      action: 'Confirm new address',
      expires: 'The link is valid for 48 hours.',
    },
    reset: {
      subject: 'Reset your Magiim password',
      body: 'We received a request to reset the password of your account.',
      action: 'Choose a new password',
      expires: 'The link is valid for one hour and can be used once.',
      ignore: 'If you did not ask to reset your password, you can ignore this e-mail.',
    },
    passwordChanged: {
      subject: 'Your Magiim password was changed',
      body: 'The password of your account was just changed.',
      notYou: 'If you did not make this change, reset your password at once and write to us.',
      action: 'Reset password',
    },
    emailChangeRequested: {
      subject: 'A change of your Magiim e-mail address was requested',
      body: (newEmail) => `We received a request to change your account's e-mail address to ${newEmail}. It changes only once the link sent there is confirmed.`,
      notYou: 'If you did not ask for this, change your password at once and write to us.',
    },
    emailTaken: {
      subject: 'Someone tried to use your e-mail address on Magiim',
      body: 'Someone asked to move another Magiim account to this e-mail address, which already belongs to your account.',
      nothingChanged: 'Nothing changed and your account is not affected. If it was not you, you can ignore this message.',
    },
    registrationAttempt: {
      subject: 'Someone tried to register with your e-mail address on Magiim',
      body: 'Someone tried to create a Magiim account with this e-mail address, which already belongs to your account. No new account was created and yours did not change.',
      ifYou: 'If it was you, just sign in. Forgot your password? You can choose a new one from the sign-in page.',
      notYou: 'If it was not you, you can ignore this message.',
      action: 'Sign in',
    },
  },
  ru: {
    greeting: (name) => `Здравствуйте, ${name}!`,
    hello: 'Здравствуйте!',
    footer: (support) => `Отправлено Magiim. Вопросы: ${support}`,
    verify: {
      subject: 'Подтвердите адрес электронной почты в Magiim',
      body: 'Спасибо за регистрацию в Magiim! Чтобы начать, подтвердите адрес электронной почты.',
      action: 'Подтвердить адрес',
      expires: 'Ссылка действительна 48 часов.',
    },
    changeEmail: {
      subject: 'Подтвердите новый адрес электронной почты в Magiim',
      body: 'Вы попросили изменить адрес электронной почты в вашем аккаунте. Чтобы завершить изменение, подтвердите новый адрес.',
      action: 'Подтвердить новый адрес',
      expires: 'Ссылка действительна 48 часов.',
    },
    reset: {
      subject: 'Сброс пароля в Magiim',
      body: 'Мы получили запрос на сброс пароля вашего аккаунта.',
      action: 'Выбрать новый пароль',
      expires: 'Ссылка действительна один час и может быть использована один раз.',
      ignore: 'Если вы не запрашивали сброс пароля, просто проигнорируйте это письмо.',
    },
    passwordChanged: {
      subject: 'Ваш пароль в Magiim изменён',
      body: 'Пароль вашего аккаунта только что был изменён.',
      notYou: 'Если это были не вы, немедленно сбросьте пароль и напишите нам.',
      action: 'Сбросить пароль',
    },
    emailChangeRequested: {
      subject: 'Запрошена смена адреса электронной почты в Magiim',
      body: (newEmail) => `Мы получили запрос на смену адреса электронной почты вашего аккаунта на ${newEmail}. Адрес изменится только после подтверждения по ссылке, отправленной на него.`,
      notYou: 'Если вы этого не запрашивали, немедленно смените пароль и напишите нам.',
    },
    emailTaken: {
      subject: 'Кто-то пытался использовать ваш адрес в Magiim',
      body: 'Кто-то попросил перенести другую учётную запись Magiim на этот адрес, который уже принадлежит вашей учётной записи.',
      nothingChanged: 'Ничего не изменилось, ваша учётная запись не затронута. Если это были не вы, просто проигнорируйте это письмо.',
    },
    registrationAttempt: {
      subject: 'Кто-то пытался зарегистрироваться в Magiim с вашим адресом',
      body: 'Кто-то пытался создать учётную запись Magiim с этим адресом электронной почты, который уже принадлежит вашей учётной записи. Новая учётная запись не создана, ваша не изменилась.',
      ifYou: 'Если это были вы, просто войдите. Забыли пароль? Новый можно выбрать на странице входа.',
      notYou: 'Если это были не вы, просто проигнорируйте это письмо.',
      action: 'Войти',
    },
  },
  ar: {
    greeting: (name) => `مرحبًا ${name}،`,
    hello: 'مرحبًا،',
    footer: (support) => `أُرسلت من Magiim. للاستفسارات: ${support}`,
    verify: {
      subject: 'تأكيد عنوان بريدك الإلكتروني في Magiim',
      body: 'شكرًا لتسجيلك في Magiim! للبدء، يرجى تأكيد عنوان بريدك الإلكتروني.',
      action: 'تأكيد البريد الإلكتروني',
      expires: 'الرابط صالح لمدة 48 ساعة.',
    },
    changeEmail: {
      subject: 'تأكيد عنوان بريدك الإلكتروني الجديد في Magiim',
      body: 'طلبت تغيير عنوان البريد الإلكتروني لحسابك. لإتمام التغيير، يرجى تأكيد العنوان الجديد.',
      action: 'تأكيد العنوان الجديد',
      expires: 'الرابط صالح لمدة 48 ساعة.',
    },
    reset: {
      subject: 'إعادة تعيين كلمة المرور في Magiim',
      body: 'تلقينا طلبًا لإعادة تعيين كلمة المرور لحسابك.',
      action: 'اختيار كلمة مرور جديدة',
      expires: 'الرابط صالح لمدة ساعة واحدة ويمكن استخدامه مرة واحدة.',
      ignore: 'إذا لم تطلب إعادة تعيين كلمة المرور، يمكنك تجاهل هذه الرسالة.',
    },
    passwordChanged: {
      subject: 'تم تغيير كلمة المرور الخاصة بك في Magiim',
      body: 'تم للتو تغيير كلمة المرور لحسابك.',
      notYou: 'إذا لم تقم بهذا التغيير، أعد تعيين كلمة المرور فورًا وراسلنا.',
      action: 'إعادة تعيين كلمة المرور',
    },
    emailChangeRequested: {
      subject: 'طلب تغيير عنوان بريدك الإلكتروني في Magiim',
      body: (newEmail) => `تلقينا طلبًا لتغيير عنوان البريد الإلكتروني لحسابك إلى ${newEmail}. لن يتغير العنوان إلا بعد تأكيده عبر الرابط المرسل إليه.`,
      notYou: 'إذا لم تطلب ذلك، غيّر كلمة المرور فورًا وراسلنا.',
    },
    emailTaken: {
      subject: 'حاول شخص ما استخدام بريدك الإلكتروني في Magiim',
      body: 'طلب شخص ما نقل حساب آخر في Magiim إلى عنوان البريد الإلكتروني هذا، وهو مسجّل لحسابك.',
      nothingChanged: 'لم يتغير شيء ولم يتأثر حسابك. إن لم تكن أنت، يمكنك تجاهل هذه الرسالة.',
    },
    registrationAttempt: {
      subject: 'محاولة تسجيل ببريدك الإلكتروني في Magiim',
      body: 'حاول شخص ما إنشاء حساب في Magiim بعنوان البريد الإلكتروني هذا، وهو مسجّل لحسابك. لم يُنشأ حساب جديد ولم يتغيّر حسابك.',
      ifYou: 'إذا كنتم أنتم، يمكنكم تسجيل الدخول مباشرة. نسيتم كلمة المرور؟ يمكن اختيار كلمة مرور جديدة من صفحة تسجيل الدخول.',
      notYou: 'إذا لم تكونوا أنتم، يمكن تجاهل هذه الرسالة.',
      action: 'تسجيل الدخول',
    },
  },
};
