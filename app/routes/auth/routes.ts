import { route, type RouteConfigEntry } from "@react-router/dev/routes";

/** Routes of this area; app/routes.ts places them. Paths are relative to app/. */
export const authRoutes: RouteConfigEntry[] = [
  // One screen under three addresses (spec section 2); /signup opens in create-account mode.
  route("auth", "routes/auth/auth.tsx", { id: "routes/auth/sign-in" }),
  route("login", "routes/auth/auth.tsx", { id: "routes/auth/login" }),
  route("signup", "routes/auth/auth.tsx", { id: "routes/auth/sign-up" }),
  route("auth/sign-out", "routes/auth/sign-out.tsx"),
  route("auth/verify", "routes/auth/verify.tsx"),
  route("auth/two-factor", "routes/auth/two-factor.tsx"),
  route("forgot-password", "routes/auth/forgot-password.tsx"),
  route("reset-password", "routes/auth/reset-password.tsx"),
  route("dev/mail", "routes/auth/dev-mail.tsx"),
];
