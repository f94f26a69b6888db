"""``/settings``: how and when each player is told it is their turn, and their vacations
(the moderator role and the server's vacation limit are under /mod)."""

from typing import Any, Literal
from zoneinfo import available_timezones

import discord
from discord import app_commands
from discord.ext import commands

from bot.errors import BadSetting
from bot.guard import guarded
from bot.models import UserSettings
from bot.schedule import parse_hours

NOTIFY_TEXT = {
    "mention": "a mention in the game's channel",
    "dm": "a direct message (a mention if your DMs are closed)",
    "both": "a mention and a direct message",
}
TIME_ZONES = sorted(available_timezones())


def settings_text(settings: UserSettings) -> str:
    """A player's settings in a few lines (the answer of every /settings command)."""
    hours = settings.reminder_hours
    reminders = ("at half of each turn's time" if hours is None
                 else ", ".join(f"{h:g} h" for h in hours) + " before each deadline")
    quiet = ("none" if settings.quiet_start is None
             else f"{settings.quiet_start:02d}:00–{settings.quiet_end:02d}:00 (no direct messages;"
                  " they wait until the end)")
    until = settings.vacation_until
    vacation = f"until <t:{int(until.timestamp())}:f>" if until else "none"
    return (f"Turn notices: {NOTIFY_TEXT[settings.notify]}.\nReminders: {reminders}.\n"
            f"Time zone: {settings.time_zone or 'UTC'}. Quiet hours: {quiet}.\n"
            f"Vacation: {vacation} (your turn timers wait, within each server's limit).")


class SettingsCog(commands.GroupCog, group_name="settings",
                  group_description="Your personal settings"):
    def __init__(self, bot: Any) -> None:
        self.bot = bot

    async def answer(self, interaction: discord.Interaction, settings: UserSettings,
                     note: str = "") -> None:
        await interaction.response.send_message(
            (note + "\n" if note else "") + settings_text(settings), ephemeral=True)

    @app_commands.command(description="Your settings")
    @guarded
    async def show(self, interaction: discord.Interaction) -> None:
        await self.answer(interaction, await self.bot.service.user_settings(interaction.user.id))

    @app_commands.command(description="How you are told that it is your turn")
    @app_commands.describe(mode="mention, dm or both")
    @guarded
    async def notify(self, interaction: discord.Interaction,
                     mode: Literal["mention", "dm", "both"]) -> None:
        await self.bot.service.set_notify(interaction.user.id, mode)
        await self.answer(interaction, await self.bot.service.user_settings(interaction.user.id),
                          f"You will get {NOTIFY_TEXT[mode]}.")

    @app_commands.command(description="When you are reminded before a turn times out")
    @app_commands.describe(hours="Hours before the deadline, e.g. 24, 4, 1; empty: half time")
    @guarded
    async def reminders(self, interaction: discord.Interaction, hours: str = "") -> None:
        try:
            chosen = parse_hours(hours) if hours.strip() else None
        except ValueError as error:
            raise BadSetting(str(error)) from None
        settings = await self.bot.service.set_reminders(interaction.user.id, chosen)
        await self.answer(interaction, settings)

    @app_commands.command(name="timezone", description="Your time zone, for quiet hours")
    @app_commands.describe(zone="A name like Europe/Warsaw or America/New_York")
    @guarded
    async def time_zone(self, interaction: discord.Interaction, zone: str) -> None:
        await self.answer(interaction,
                          await self.bot.service.set_time_zone(interaction.user.id, zone))

    @time_zone.autocomplete("zone")
    async def zone_names(self, interaction: discord.Interaction,
                         current: str) -> list[app_commands.Choice[str]]:
        typed = current.lower()
        return [app_commands.Choice(name=z, value=z) for z in TIME_ZONES
                if typed in z.lower()][:25]

    @app_commands.command(description="Hours with no direct messages from the bot")
    @app_commands.describe(start="From this hour (0-23, your time zone); empty: no quiet hours",
                           end="Until this hour (0-23)")
    @guarded
    async def quiet(self, interaction: discord.Interaction,
                    start: app_commands.Range[int, 0, 23] | None = None,
                    end: app_commands.Range[int, 0, 23] | None = None) -> None:
        await self.answer(interaction, await self.bot.service.set_quiet_hours(
            interaction.user.id, start, end))

    @app_commands.command(description="Away for some days: your turn timers wait for you")
    @app_commands.describe(days="How many days from now; 0 ends your vacation")
    @guarded
    async def vacation(self, interaction: discord.Interaction,
                       days: app_commands.Range[float, 0, 90]) -> None:
        service = self.bot.service
        if days == 0:
            settings = await service.end_vacation(interaction.user.id)
            note = "Welcome back: your turn timers run again."
        else:
            settings = await service.start_vacation(interaction.user.id, days)
            note = ("Have a good rest. Each server holds your timers at most its own limit "
                    "(/mod vacation-limit), then they restart.")
        await self.answer(interaction, settings, note)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(SettingsCog(bot))
