"""Account URLs, included under accounts/ by games.urls."""

from django.contrib.auth import views as auth_views
from django.urls import path

from games.accounts import views

urlpatterns = [
    path("signup/", views.signup, name="signup"),
    path("login/", views.sign_in, name="login"),
    path("logout/", views.sign_out, name="logout"),
    path("password/", views.password_change, name="password_change"),
    # Resetting a forgotten password by e-mail: Django's views, which keep the token out of
    # the address bar and the Referer header.
    path("password/reset/", views.PasswordResetView.as_view(), name="password_reset"),
    path(
        "password/reset/sent/",
        auth_views.PasswordResetDoneView.as_view(),
        name="password_reset_done",
    ),
    path(
        "reset/<uidb64>/<token>/",
        auth_views.PasswordResetConfirmView.as_view(),
        name="password_reset_confirm",
    ),
    path(
        "reset/done/",
        auth_views.PasswordResetCompleteView.as_view(),
        name="password_reset_complete",
    ),
]
